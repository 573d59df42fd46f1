/** IRC's commands about members: PRIVMSG and NOTICE (channels, private conversations, services), TAGMSG, WHOIS, NICK. */
import { sendMessageBody } from '@papo/contract/chat';
import { clientRooms, type SocketAck } from '@papo/contract/socket-events';
import { changeNickname } from '../../realtime/socket-handlers.js';
import { join } from './channel-commands.js';
import { type IrcConnection, type RegisteredConnection, unavailable } from './connection.js';
import { channelOf, ctcp, ctcpAction, lower, type Partner } from './names.js';
import { reasonOf, reasonOfKey } from './replies.js';
import { answerService, isServiceName, serviceMask, whoisLines, type ServiceContext } from './services.js';

export async function privmsg(
  c: RegisteredConnection,
  command: 'PRIVMSG' | 'NOTICE',
  target: string,
  text: string,
  tags: Map<string, string>,
): Promise<void> {
  const refuse = (code: string, reason: string) =>
    command === 'PRIVMSG' ? c.numeric(code, target, reason) : undefined;
  const name = channelOf(target);
  if (name) {
    const action = ctcpAction(text);
    // other CTCP (VERSION, PING…) to a channel is an IRC client's business, not a line for the web.
    if (action === undefined && text.startsWith(ctcp)) return refuse('404', 'CTCP other than ACTION is not relayed');
    const body = sendMessageBody.safeParse({ channel: name, text: action === undefined ? text : `/me ${action}` });
    if (!body.success) return refuse('404', `Cannot send to channel: ${body.error.issues[0]?.message ?? 'invalid'}`);
    try {
      const sent = await c.gateway.sendChannelMessage(c.account.id, body.data);
      c.ownMessages.add(sent.id);
      // a message whose echo never comes (the sender was kicked meanwhile) is forgotten after a while.
      const oldest = c.ownMessages.values().next();
      if (c.ownMessages.size > 256 && !oldest.done) c.ownMessages.delete(oldest.value);
    } catch (error) {
      refuse('404', `Cannot send to channel: ${reasonOf(error).text}`);
    }
    return;
  }
  if (isServiceName(target)) {
    if (command === 'NOTICE') return;
    return answerService(serviceContext(c), target, text);
  }
  if (text.startsWith(ctcp)) return refuse('401', 'CTCP to members is not relayed');
  await privateMessage(c, target, text, tags, command === 'PRIVMSG');
}

async function privateMessage(
  c: RegisteredConnection,
  target: string,
  text: string,
  _tags: Map<string, string>,
  answer: boolean,
): Promise<void> {
  const partner = await partnerNamed(c, target);
  if ('refused' in partner) return answer ? c.numeric('401', target, partner.refused) : undefined;
  try {
    await c.gateway.sendPrivateMessage(c.account.id, partner.conversationId, text);
  } catch (error) {
    if (answer) c.numeric('401', target, reasonOf(error).text);
  }
}

/** The conversation with the member called `nickname`, opened (and followed) on first use. */
async function partnerNamed(c: RegisteredConnection, nickname: string): Promise<Partner | { refused: string }> {
  for (const partner of c.partners.values()) if (lower(partner.nickname) === lower(nickname)) return partner;
  try {
    const member = await c.gateway.memberNamed(nickname);
    if (!member) return { refused: 'No such nick' };
    const conversationId = await c.gateway.openConversation(c.account.id, member.id);
    const known = c.partners.get(conversationId);
    if (known) return known;
    const partner = { conversationId, userId: member.id, nickname: member.nickname };
    c.partners.set(conversationId, partner);
    const ack = await c.joinRoom(clientRooms.conversation(conversationId), false);
    if (!ack.ok) {
      c.partners.delete(conversationId);
      return { refused: reasonOfKey(ack.message) };
    }
    return partner;
  } catch (error) {
    return { refused: reasonOf(error).text };
  }
}

export async function tagmsg(c: RegisteredConnection, target: string, tags: Map<string, string>): Promise<void> {
  const typing = tags.get('+typing');
  if (typing === undefined || target.startsWith('#')) return;
  const partner = await partnerNamed(c, target);
  if ('refused' in partner) return;
  await c.gateway.typing(c.account.id, partner.conversationId, typing === 'active').catch(() => undefined);
}

export async function whois(c: IrcConnection, nickname: string): Promise<void> {
  try {
    const { data } = await c.gateway.whois(nickname);
    c.numeric('311', data.nickname, data.nickname, c.source, '*', data.nickname);
    for (const line of whoisLines(data)) c.numeric('320', data.nickname, line);
    const channels = [...c.channels.entries()].filter(([, state]) =>
      [...state.members()].some((m) => lower(m.nickname) === lower(data.nickname)),
    );
    if (channels.length) c.numeric('319', data.nickname, channels.map(([name]) => name).join(' '));
    c.numeric('312', data.nickname, c.source, 'Papo');
    c.numeric('318', data.nickname, 'End of /WHOIS list');
  } catch (error) {
    c.numeric('401', nickname, reasonOf(error).text);
    c.numeric('318', nickname, 'End of /WHOIS list');
  }
}

export async function changeNick(c: IrcConnection, wanted: string, quiet = false): Promise<void> {
  if (lower(wanted) === lower(c.nick)) return;
  const member = c.member;
  const { nicknames } = c.gateway.realtime;
  if (!member) return;
  if (!nicknames) return c.numeric('400', 'NICK', reasonOfKey(unavailable.message));
  const ack: SocketAck = await changeNickname(c.gateway.realtime, nicknames, member.socket, {
    oldNickname: c.nick,
    newNickname: wanted,
  }).catch((error: unknown): SocketAck => {
    c.gateway.log.error({ err: error }, 'irc nickname change failed');
    return unavailable;
  });
  if (ack.ok) return c.renamed(wanted);
  if (ack.message === 'invalid_nickname') return c.numeric('432', wanted, 'Erroneous nickname');
  if (ack.message === 'nickname_not_found') {
    return c.numeric(
      '433',
      wanted,
      quiet
        ? 'Nickname is not one of yours; you chat under your selected nickname'
        : 'Nickname is not one of yours (add it on Papo first)',
    );
  }
  c.numeric('400', 'NICK', reasonOfKey(ack.message));
}

export function knows(c: IrcConnection, name: string): boolean {
  for (const state of c.channels.values())
    for (const member of state.members()) if (lower(member.nickname) === lower(name)) return true;
  return false;
}

function serviceContext(c: RegisteredConnection): ServiceContext {
  return {
    gateway: c.gateway,
    userId: c.account.id,
    reply: (service, text) => c.notice(text, serviceMask(service, c.gateway.serverName)),
    register: (channel) => join(c, channel, true),
  };
}
