/** IRC's channel commands through Papo's services: JOIN, PART, TOPIC, NAMES, WHO, MODE, KICK, LIST. */
import { isReservedChannelName } from '@papo/contract/channels';
import { levelPrefix, updateTopicBody } from '@papo/contract/chat';
import { leaveRoom } from '../../realtime/leave-room.js';
import type { IrcConnection, RegisteredConnection } from './connection.js';
import type { Gateway } from './gateway-types.js';
import { channelOf, lower } from './names.js';
import { reasonOf, reasonOfKey } from './replies.js';
import { alreadyAtLevel, serviceMask } from './services.js';

export async function join(c: RegisteredConnection, target: string, create: boolean): Promise<void> {
  const name = channelOf(target);
  if (!name) return c.numeric('403', target, 'No such channel');
  if (c.channels.has(lower(target))) return;
  if (!c.takeJoin()) return c.numeric('263', 'JOIN', 'Too many JOINs; wait a while and try again (flood_limit)');
  const ack = await c.joinRoom(`#${name}`, create);
  if (!ack.ok) {
    if (ack.message === 'banned')
      return c.numeric('474', target, `Cannot join channel (+b): ${reasonOfKey(ack.message)}`);
    if (ack.message === 'channel_not_found') {
      if (isReservedChannelName(name)) return c.numeric('403', target, 'No such channel');
      return c.numeric('403', target, `No such channel; to found it: /msg ChanServ REGISTER ${target}`);
    }
    return c.numeric('403', target, reasonOfKey(ack.message));
  }
  const channel = `#${name}`;
  c.send({ source: c.mask(c.nick), command: 'JOIN', params: [channel] });
  await topic(c, channel, undefined);
  names(c, channel);
}

export async function part(c: IrcConnection, target: string): Promise<void> {
  const channel = `#${channelOf(target) ?? ''}`;
  if (!c.channels.has(channel)) return c.numeric('442', target, "You're not on that channel");
  c.leaveChannel(channel);
  if (c.member) leaveRoom(c.member.socket, channel);
  c.send({ source: c.mask(c.nick), command: 'PART', params: [channel] });
}

export async function partAll(c: IrcConnection): Promise<void> {
  for (const [key] of [...c.channels]) await part(c, key);
}

export async function topic(c: RegisteredConnection, target: string, content: string | undefined): Promise<void> {
  const name = channelOf(target);
  if (!name) return c.numeric('403', target, 'No such channel');
  if (content === undefined) {
    const channel = await c.gateway.findChannel(name);
    if (!channel) return c.numeric('403', target, 'No such channel');
    if (!channel.topic) return c.numeric('331', target, 'No topic is set');
    c.numeric('332', target, channel.topic);
    if (channel.topicBy)
      c.numeric('333', target, channel.topicBy, String(Math.floor(Date.parse(channel.topicAt ?? '') / 1000) || 0));
    return;
  }
  const body = updateTopicBody.safeParse({ channel: name, content });
  if (!body.success) return c.numeric('400', 'TOPIC', body.error.issues[0]?.message ?? 'invalid');
  try {
    await c.gateway.updateTopic(c.account.id, body.data.channel, body.data.content);
  } catch (error) {
    const reason = reasonOf(error);
    c.numeric(reason.key === 'not_channel_operator' ? '482' : '400', target, reason.text);
  }
}

export function names(c: IrcConnection, target: string): void {
  const state = c.channels.get(lower(target));
  if (state) {
    const sorted = [...state.members()].sort((a, b) => b.level - a.level || a.nickname.localeCompare(b.nickname));
    let line: string[] = [];
    const flush = () => {
      if (line.length) c.numeric('353', '=', target, line.join(' '));
      line = [];
    };
    for (const member of sorted) {
      line.push(`${levelPrefix(member.level)}${member.nickname}`);
      if (line.join(' ').length > 380) flush();
    }
    flush();
  }
  c.numeric('366', target, 'End of /NAMES list');
}

export function who(c: IrcConnection, target: string): void {
  const state = c.channels.get(lower(target));
  for (const member of state?.members() ?? []) {
    const prefix = levelPrefix(member.level);
    c.numeric(
      '352',
      target,
      member.nickname,
      c.source,
      c.source,
      member.nickname,
      `H${prefix}`,
      `0 ${member.nickname}`,
    );
  }
  c.numeric('315', target, 'End of WHO list');
}

export async function mode(c: RegisteredConnection, params: [string, ...string[]]): Promise<void> {
  const [target, modes] = params;
  if (!target.startsWith('#')) {
    if (lower(target) !== lower(c.nick)) return c.numeric('502', "Can't change mode for other users");
    return c.numeric('221', '+i');
  }
  if (modes === undefined) return c.numeric('324', target, '+nt');
  if (modes === 'b' || (modes === '+b' && params.length === 2)) return banList(c, target);
  let sign: '+' | '-' = '+';
  let next = 2;
  for (const letter of modes) {
    if (letter === '+' || letter === '-') {
      sign = letter;
      continue;
    }
    const argument = params[next++];
    if (!'bova'.includes(letter)) {
      c.numeric('472', letter, 'is an unknown mode char to me');
      continue;
    }
    if (!argument) {
      c.numeric('461', 'MODE', 'Not enough parameters');
      continue;
    }
    const [nickname = argument] = argument.split('!');
    await serviceAct(
      c,
      target,
      nickname,
      letter === 'b' ? (sign === '+' ? 'BAN' : 'UNBAN') : levelAct(sign, letter),
      null,
    );
  }
}

/**
 * The channel's bans (367) for its operators and up, then 368. Clients ask for the list on every join; below
 * operator the list is not theirs to see, and a refusal each time would be noise, so they hear an empty one.
 */
async function banList(c: RegisteredConnection, target: string): Promise<void> {
  const name = channelOf(target);
  if (!name) return c.numeric('403', target, 'No such channel');
  const bans = await c.gateway.bans(c.account.id, name).catch((error: unknown) => {
    if (reasonOf(error).status >= 500) throw error;
    return [];
  });
  for (const ban of bans) {
    c.numeric(
      '367',
      target,
      `${ban.nickname}!*@*`,
      ban.by ?? c.source,
      String(Math.floor(Date.parse(ban.createdAt) / 1000) || 0),
    );
  }
  c.numeric('368', target, 'End of channel ban list');
}

export async function kick(
  c: RegisteredConnection,
  target: string,
  nicknames: string,
  reason: string | undefined,
): Promise<void> {
  const [nickname = nicknames] = nicknames.split(',');
  await serviceAct(c, target, nickname, 'KICK', reason ?? null);
}

/**
 * One ChanServ act under PEACE from IRC's KICK or MODE; a refusal answers with the numeric IRC clients know. A level
 * the target already has changes nothing, so no MODE reaches the channel: ChanServ tells the one who asked, as
 * IRC services do.
 */
async function serviceAct(
  c: RegisteredConnection,
  target: string,
  nickname: string,
  act: Parameters<Gateway['act']>[1]['act'],
  reason: string | null,
): Promise<void> {
  const name = channelOf(target);
  if (!name) return c.numeric('403', target, 'No such channel');
  try {
    const outcome = await c.gateway.act(c.account.id, { act, channel: name, nickname, reason });
    if (!outcome.changed)
      c.notice(
        alreadyAtLevel(outcome.nickname, `#${name}`, outcome.level),
        serviceMask('ChanServ', c.gateway.serverName),
      );
  } catch (error) {
    const why = reasonOf(error);
    if (why.key === 'user_not_found') return c.numeric('401', nickname, why.text);
    if (why.key === 'target_not_in_channel') return c.numeric('441', nickname, target, why.text);
    c.numeric(why.status === 403 ? '482' : '400', target, why.text);
  }
}

/** Channels one LIST names at most: past them the client is told to narrow it, rather than overflowing its SendQ. */
const listedAtMost = 1_000;

/**
 * LIST: the curated channels, then those members founded, with how many are in each; `LIST *word*` (or `#word`)
 * names only the channels whose name holds the word, as the Channels page's search does.
 */
export async function list(c: IrcConnection, mask: string | undefined): Promise<void> {
  // `>n`/`<n` (by user count) and other server-side conditions are not filters here: the whole list answers them.
  const words = /^[<>]|^[CT][<>]/.test(mask ?? '')
    ? undefined
    : mask?.split(',')[0]?.replace(/^#/, '').replace(/\*/g, '').toLowerCase();
  c.numeric('321', 'Channel', 'Users  Name');
  const { channels, more } = await c.gateway.channelList(words || undefined, listedAtMost);
  for (const channel of channels) c.numeric('322', `#${channel.name}`, String(channel.users), channel.topic ?? '');
  if (more) c.notice(`More channels than ${listedAtMost}: LIST *word* names those whose name holds the word`);
  c.numeric('323', 'End of /LIST');
}

function levelAct(sign: '+' | '-', letter: string): 'OP' | 'DEOP' | 'VOICE' | 'DEVOICE' | 'MASTER' | 'DEMASTER' {
  if (letter === 'o') return sign === '+' ? 'OP' : 'DEOP';
  if (letter === 'v') return sign === '+' ? 'VOICE' : 'DEVOICE';
  return sign === '+' ? 'MASTER' : 'DEMASTER';
}
