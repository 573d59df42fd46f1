/** What the web's sockets hear, said to the IRC client: joins, parts, messages, topics, levels, names, bans, kicks. */
import { levelPrefix } from '@papo/contract/chat';
import { notificationTypes } from '@papo/contract/notifications';
import type { SignOutAnswer } from '@papo/contract/sign-out';
import {
  clientRooms,
  type ChannelMessage,
  type ConversationMessage,
  type OnlineUser,
} from '@papo/contract/socket-events';
import type { Heard } from '../../realtime/node-member.js';
import type { IrcConnection } from './connection.js';
import { formatLine, maxLineBytes, splitText } from './line.js';
import type { ChannelMember, MemberChange } from './channel-views.js';
import { ctcp, lower, prefixModes } from './names.js';

type SignOutReason = SignOutAnswer['reason'];

/** What an IRC client is told when its sign-in ends (`ERROR :Closing link: … (password changed)`). */
const signOutText: Record<SignOutReason, string> = {
  logged_out: 'signed out',
  password_changed: 'password changed',
  signed_out_everywhere: 'signed out of every device',
  role_changed: 'role changed',
  account_deleted: 'account deleted',
};

/** The link's sign-in ended or its account may no longer sign in. */
export function linkEnded(c: IrcConnection): void {
  c.close(signOutText.logged_out);
}

/** The node let the link's member go: it was signed out, or the node is stopping. */
export function memberGone(c: IrcConnection, reason: string): void {
  if (c.closed) return;
  if (reason === 'server shutting down' || c.gateway.closing()) return c.closeForRestart();
  c.close('Connection to Papo lost');
}

/** Says one event of the web's map to the IRC client, as its tab would show it. */
export function relay(c: IrcConnection, heard: Heard): void {
  switch (heard[0]) {
    case 'signed-out':
      // the sign-in ended (decision 037): the reason goes to the client before the member leaves its rooms.
      return c.close(signOutText[heard[1].reason]);
    case 'users':
      return onUsers(c, heard[1], heard[2]);
    case 'user-joined': {
      const [, first, ...more] = heard;
      return onJoined(c, heard, first.room, [first.user, ...more]);
    }
    case 'user-left': {
      const [, userId, room, ...more] = heard;
      return onLeft(c, heard, room, [userId, ...more]);
    }
    case 'new-message':
      return onChannelMessage(c, heard[1]);
    case 'topic-updated': {
      const { content, channel, by } = heard[1];
      if (c.channels.has(lower(channel)))
        c.send({ source: by === undefined ? c.source : c.mask(by), command: 'TOPIC', params: [channel, content] });
      return;
    }
    case 'nickname-changed':
      return onNickname(c, heard, heard[1]);
    case 'level-changed': {
      const { channel, userId, level, by } = heard[1];
      return onLevel(c, heard, channel, userId, level, by);
    }
    case 'user-kicked': {
      const { channel, userId, nickname, by, reason } = heard[1];
      const state = c.channels.get(lower(channel));
      if (!state) return;
      c.send({ source: c.mask(by), command: 'KICK', params: [channel, nickname, reason ?? by] });
      state.change(heard, userId, gone);
      if (userId === c.account?.id) c.leaveChannel(lower(channel));
      return;
    }
    case 'user-banned':
    case 'user-unbanned': {
      const { channel, nickname, by } = heard[1];
      const sign = heard[0] === 'user-banned' ? '+b' : '-b';
      if (c.channels.has(lower(channel)))
        c.send({ source: c.mask(by), command: 'MODE', params: [channel, sign, `${nickname}!*@*`] });
      return;
    }
    case 'new_message':
      return onPrivateMessage(c, heard[1]);
    case 'typing': {
      // a channel's typing is the web's alone: IRC channels have no typing without message-tags, so nothing goes.
      if (!('conversation_id' in heard[1])) return;
      const { is_typing, conversation_id } = heard[1];
      const partner = c.partners.get(conversation_id);
      if (!partner || !c.caps.has('message-tags')) return;
      c.send({
        tags: new Map([['+typing', is_typing ? 'active' : 'done']]),
        source: c.mask(partner.nickname),
        command: 'TAGMSG',
        params: [c.nick],
      });
      return;
    }
    case 'new-notification': {
      const { privateMessage, conversationOpened } = notificationTypes;
      if (heard[1].type === privateMessage || heard[1].type === conversationOpened) void followConversations(c);
      return;
    }
    default:
      return;
  }
}

/** What a part or a kick does to the user's entry. */
const gone: MemberChange = () => undefined;

function onUsers(c: IrcConnection, users: OnlineUser[], room: string): void {
  const key = lower(room);
  if (!room.startsWith('#')) return;
  c.leaveChannel(key);
  c.channels.set(key, c.gateway.channelViews.open(key, users));
}

function onJoined(c: IrcConnection, heard: Heard, room: string, users: OnlineUser[]): void {
  const state = c.channels.get(lower(room));
  if (!state) return;
  for (const user of users) {
    // a link hears its own join on its own, apart from the event the room's other links hear, which changes the list.
    if (user.id === c.account?.id) continue;
    const joined: ChannelMember = { nickname: user.nickname, level: user.level ?? 0 };
    const [before] = state.change(heard, user.id, (member) => member ?? joined);
    if (before) continue;
    c.send({ source: c.mask(user.nickname), command: 'JOIN', params: [room] });
    const prefix = levelPrefix(user.level ?? 0);
    if (prefix) c.send({ source: c.source, command: 'MODE', params: [room, `+${prefixModes[prefix]}`, user.nickname] });
  }
}

function onLeft(c: IrcConnection, heard: Heard, room: string, userIds: number[]): void {
  const state = c.channels.get(lower(room));
  if (!state) return;
  for (const userId of userIds) {
    const [member] = state.change(heard, userId, gone);
    if (userId === c.account?.id || !member) continue;
    c.send({ source: c.mask(member.nickname), command: 'PART', params: [room] });
  }
}

/**
 * A channel message's lines for each kind of client (with or without `server-time` and `message-tags`), formatted once
 * for every link in the room: the room's members are handed the same message object.
 */
const channelLines = new WeakMap<ChannelMessage, Map<string, Buffer>>();

function onChannelMessage(c: IrcConnection, message: ChannelMessage): void {
  if (!c.channels.has(lower(message.channel))) return;
  const own = c.ownMessages.delete(message.id);
  if (own && !c.caps.has('echo-message')) return;
  const kind = `${c.caps.has('server-time') ? 't' : ''}${c.caps.has('message-tags') ? 'm' : ''}`;
  let lines = channelLines.get(message);
  if (!lines) channelLines.set(message, (lines = new Map()));
  let formatted = lines.get(kind);
  if (!formatted) {
    const from = message.username ?? '*';
    const tags = c.tags(message.timestamp, [['msgid', message.id]]);
    const pieces = splitText(message.text, maxLineBytes - 100 - from.length * 2 - message.channel.length).map(
      (piece) => {
        const text = message.kind === 'action' ? `${ctcp}ACTION ${piece}${ctcp}` : piece;
        return `${formatLine({ tags, source: c.mask(from), command: 'PRIVMSG', params: [message.channel, text] })}\r\n`;
      },
    );
    formatted = Buffer.from(pieces.join(''));
    lines.set(kind, formatted);
  }
  c.write(formatted);
}

function onNickname(c: IrcConnection, heard: Heard, user: OnlineUser): void {
  let old: string | undefined;
  for (const state of c.channels.values()) {
    const [member] = state.change(heard, user.id, (member) => member && { ...member, nickname: user.nickname });
    old ??= member?.nickname;
  }
  if (user.id === c.account?.id) {
    c.renamed(user.nickname);
    return;
  }
  for (const partner of c.partners.values()) if (partner.userId === user.id) partner.nickname = user.nickname;
  if (old && old !== user.nickname) c.send({ source: c.mask(old), command: 'NICK', params: [user.nickname] });
}

/** A level change, said as the MODE of the member who made it (`:nick!user@host MODE #c +o x`), from the web or IRC alike. */
function onLevel(
  c: IrcConnection,
  heard: Heard,
  channel: string,
  userId: number,
  level: number,
  by: string | undefined,
): void {
  const state = c.channels.get(lower(channel));
  const [member] = state?.change(heard, userId, (member) => member && { ...member, level }) ?? [];
  if (!member) return;
  const before = levelPrefix(member.level);
  const after = levelPrefix(level);
  if (before === after) return;
  const source = by === undefined ? c.source : c.mask(by);
  if (before) c.send({ source, command: 'MODE', params: [channel, `-${prefixModes[before]}`, member.nickname] });
  if (after) c.send({ source, command: 'MODE', params: [channel, `+${prefixModes[after]}`, member.nickname] });
}

function onPrivateMessage(c: IrcConnection, message: ConversationMessage): void {
  const partner = c.partners.get(message.conversationId);
  if (!partner) return;
  const mine = message.senderId === c.account?.id;
  if (mine && !c.caps.has('echo-message')) return;
  const [from, to] = mine ? [c.nick, partner.nickname] : [partner.nickname, c.nick];
  const tags = c.tags(message.timestamp, [['msgid', String(message.id)]]);
  for (const piece of splitText(message.content, maxLineBytes - 100 - from.length * 2 - to.length)) {
    c.send({ tags, source: c.mask(from), command: 'PRIVMSG', params: [to, piece] });
  }
}

/** Joins the rooms of the member's conversations not followed yet, so their messages reach this client. */
export async function followConversations(c: IrcConnection): Promise<void> {
  const account = c.account;
  if (!account) return;
  const summaries = await c.gateway.conversations(account.id);
  for (const summary of summaries) {
    if (c.partners.has(summary.id)) continue;
    c.partners.set(summary.id, { conversationId: summary.id, userId: summary.user.id, nickname: summary.name });
    const ack = await c.joinRoom(clientRooms.conversation(summary.id), false);
    if (!ack.ok) c.partners.delete(summary.id);
    else if (summary.unread > 0 && summary.lastMessageAt)
      await replayUnread(c, account.id, summary.id, summary.unread, summary.lastMessageAt);
  }
}

/**
 * A conversation this client just started following had messages it did not hear: the unread ones up to the
 * newest it was told of are shown now (a later one came through the room, once).
 */
async function replayUnread(
  c: IrcConnection,
  userId: number,
  conversationId: number,
  unread: number,
  until: string,
): Promise<void> {
  const messages = await c.gateway.recentMessages(userId, conversationId);
  const missed = messages.filter((message) => message.senderId !== userId && message.timestamp <= until).slice(-unread);
  for (const message of missed) onPrivateMessage(c, { ...message, conversationId, senderName: '' });
}
