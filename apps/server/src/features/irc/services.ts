import type { WhoisAnswer } from '@papo/contract/chat';
import { rankName, type RankName } from '@papo/contract/peace';
import type { ChanServAct, Gateway } from './gateway-types.js';
import { reasonOf } from './replies.js';

/** What a service answers through: the connection's NOTICE back, and its founding join for REGISTER. */
export interface ServiceContext {
  gateway: Gateway;
  userId: number;
  reply(service: 'ChanServ' | 'NickServ', text: string): void;
  register(channel: string): Promise<void>;
}

const chanServActs: readonly ChanServAct[] = [
  'OP',
  'DEOP',
  'VOICE',
  'DEVOICE',
  'MASTER',
  'DEMASTER',
  'KICK',
  'KICKBAN',
  'UNBAN',
  'BAN',
];

/** ChanServ's answer when the member already has the level asked for, by that level's rank (as the web's texts). */
const alreadyAt: Record<RankName, (nickname: string, channel: string) => string> = {
  user: (nickname, channel) => `${nickname} is already a plain user on ${channel}`,
  voiced: (nickname, channel) => `${nickname} already has voice on ${channel}`,
  operator: (nickname, channel) => `${nickname} is already an operator on ${channel}`,
  master: (nickname, channel) => `${nickname} is already a master on ${channel}`,
  founder: (nickname, channel) => `${nickname} is already the founder of ${channel}`,
  staff: (nickname, channel) => `${nickname} is already staff on ${channel}`,
};

/** The NOTICE ChanServ sends when a level change found the level in place: `bia already has voice on #barra`. */
export function alreadyAtLevel(nickname: string, channel: string, level: number): string {
  return alreadyAt[rankName(level)](nickname, channel);
}

/** The source of a service's NOTICE, `ChanServ!ChanServ@<server>`. */
export function serviceMask(service: 'ChanServ' | 'NickServ', serverName: string): string {
  return `${service}!${service}@${serverName}`;
}

function isChanServAct(word: string): word is ChanServAct {
  return chanServActs.some((act) => act === word);
}

/** The whois card's public fields that are filled in, one line each (WHOIS and NickServ INFO say the same). */
export function whoisLines(data: WhoisAnswer['data']): string[] {
  const fields: [string, string | number | null][] = [
    ['Gender', data.gender],
    ['Age', data.age],
    ['Instagram', data.instagram],
    ['YouTube', data.youtube],
    ['Welcome message', data.welcomeMessage],
  ];
  return fields.filter(([, value]) => value !== null && value !== '').map(([label, value]) => `${label}: ${value}`);
}

/** `ChanServ` and `NickServ`, the two services IRC users talk to (case-insensitive, as nicks are). */
export function isServiceName(target: string): boolean {
  const name = target.toLowerCase();
  return name === 'chanserv' || name === 'nickserv';
}

async function chanServ(ctx: ServiceContext, words: string[]): Promise<void> {
  const [command = '', channel = '', nickname = '', ...rest] = words;
  const act = command.toUpperCase();
  if (act === 'REGISTER') {
    if (!channel.startsWith('#')) return ctx.reply('ChanServ', 'Syntax: REGISTER #channel');
    return ctx.register(channel);
  }
  if (act === 'HELP' || act === '') {
    return ctx.reply(
      'ChanServ',
      'Commands: OP|DEOP|VOICE|DEVOICE|MASTER|DEMASTER|KICK|KICKBAN|BAN|UNBAN #channel nick [reason], REGISTER #channel',
    );
  }
  if (!isChanServAct(act)) return ctx.reply('ChanServ', `Unknown command ${act}. /msg ChanServ HELP`);
  if (!channel.startsWith('#') || !nickname) return ctx.reply('ChanServ', `Syntax: ${act} #channel nick`);
  try {
    const outcome = await ctx.gateway.act(ctx.userId, {
      act,
      channel: channel.slice(1),
      nickname,
      reason: rest.join(' ') || null,
    });
    ctx.reply(
      'ChanServ',
      outcome.changed
        ? `${act} ${nickname} on ${channel}: done`
        : alreadyAtLevel(outcome.nickname, channel, outcome.level),
    );
  } catch (error) {
    ctx.reply('ChanServ', `${act} ${nickname} on ${channel} refused: ${reasonOf(error).text}`);
  }
}

async function nickServ(ctx: ServiceContext, words: string[]): Promise<void> {
  const [command = '', nickname = ''] = words;
  if (command.toUpperCase() !== 'INFO' || !nickname) return ctx.reply('NickServ', 'Commands: INFO nick');
  try {
    const { data } = await ctx.gateway.whois(nickname);
    ctx.reply('NickServ', `Information on ${data.nickname}:`);
    for (const line of whoisLines(data)) ctx.reply('NickServ', line);
  } catch (error) {
    ctx.reply('NickServ', `${nickname}: ${reasonOf(error).text}`);
  }
}

/** Runs a `/msg ChanServ …` or `/msg NickServ …` line; every answer is a NOTICE from the service. */
export function answerService(ctx: ServiceContext, service: string, text: string): Promise<void> {
  const words = text.trim().split(/\s+/);
  return service.toLowerCase() === 'chanserv' ? chanServ(ctx, words) : nickServ(ctx, words);
}
