/** What the web's sockets hear, said to the IRC client: joins, parts, messages, topics, levels, names, bans, kicks. */
import { levelPrefix } from '@papo/contract/chat';
import { notificationTypes } from '@papo/contract/notifications';
import type { SignOutAnswer } from '@papo/contract/sign-out';
import type { ChannelMessage, ConversationMessage, OnlineUser } from '@papo/contract/socket-events';
import type { Bridge, IrcConnection } from './connection.js';
import { maxLineBytes, splitText } from './line.js';
import { type ChannelState, ctcp, lower, prefixModes } from './names.js';

type SignOutReason = SignOutAnswer['reason'];

/** What an IRC client is told when its sign-in ends (`ERROR :Closing link: … (password changed)`). */
const signOutText: Record<SignOutReason, string> = {
  logged_out: 'signed out',
  password_changed: 'password changed',
  signed_out_everywhere: 'signed out of every device',
  role_changed: 'role changed',
  account_deleted: 'account deleted',
};

export function listen(c: IrcConnection, bridge: Bridge): void {
  bridge.on('disconnect', () => {
    if (!c.closed) c.close(c.gateway.closing() ? 'Server shutting down' : 'Connection to Papo lost');
  });
  // NOTE: the sign-in ended (decision 037): the reason goes to the client before the bridge's own disconnect.
  bridge.on('signed-out', ({ reason }) => c.close(signOutText[reason]));
  bridge.on('token-expired', () => {
    const { account, sessionId } = c;
    if (!account || !sessionId) return;
    c.gateway.renewLink(account.id, sessionId).then(
      (token) => (token ? bridge.emit('reauth', token) : c.close(signOutText.logged_out)),
      (error: unknown) => c.gateway.log.warn({ err: error }, 'irc link: renewing its token failed'),
    );
  });
  bridge.on('users', (users, room) => onUsers(c, users, room));
  bridge.on('user-joined', (first, ...more) => onJoined(c, first.room, [first.user, ...more]));
  bridge.on('user-left', (userId, room, ...more) => onLeft(c, room, [userId, ...more]));
  bridge.on('new-message', (message) => onChannelMessage(c, message));
  bridge.on('topic-updated', ({ content, channel, by }) => {
    if (c.channels.has(lower(channel))) c.send({ source: by === undefined ? c.source : c.mask(by), command: 'TOPIC', params: [channel, content] });
  });
  bridge.on('nickname-changed', (user) => onNickname(c, user));
  bridge.on('level-changed', ({ channel, userId, level, by }) => onLevel(c, channel, userId, level, by));
  bridge.on('user-kicked', ({ channel, userId, nickname, by, reason }) => {
    if (!c.channels.has(lower(channel))) return;
    c.send({ source: c.mask(by), command: 'KICK', params: [channel, nickname, reason ?? by] });
    if (userId === c.account?.id) c.channels.delete(lower(channel));
    else c.channels.get(lower(channel))?.members.delete(userId);
  });
  bridge.on('user-banned', ({ channel, nickname, by }) => {
    if (c.channels.has(lower(channel))) c.send({ source: c.mask(by), command: 'MODE', params: [channel, '+b', `${nickname}!*@*`] });
  });
  bridge.on('user-unbanned', ({ channel, nickname, by }) => {
    if (c.channels.has(lower(channel))) c.send({ source: c.mask(by), command: 'MODE', params: [channel, '-b', `${nickname}!*@*`] });
  });
  bridge.on('new_message', (message) => onPrivateMessage(c, message));
  bridge.on('typing', ({ is_typing, conversation_id }) => {
    const partner = c.partners.get(conversation_id);
    if (!partner || !c.caps.has('message-tags')) return;
    c.send({ tags: new Map([['+typing', is_typing ? 'active' : 'done']]), source: c.mask(partner.nickname), command: 'TAGMSG', params: [c.nick] });
  });
  bridge.on('new-notification', (notification) => {
    const { privateMessage, conversationOpened } = notificationTypes;
    if (notification.type === privateMessage || notification.type === conversationOpened) void followConversations(c);
  });
}

function onUsers(c: IrcConnection, users: OnlineUser[], room: string): void {
  const key = lower(room);
  if (!room.startsWith('#')) return;
  const state: ChannelState = { members: new Map(users.map((user) => [user.id, { nickname: user.nickname, level: user.level ?? 0 }])) };
  c.channels.set(key, state);
}

function onJoined(c: IrcConnection, room: string, users: OnlineUser[]): void {
  const state = c.channels.get(lower(room));
  if (!state) return;
  for (const user of users) {
    if (user.id === c.account?.id || state.members.has(user.id)) continue;
    state.members.set(user.id, { nickname: user.nickname, level: user.level ?? 0 });
    c.send({ source: c.mask(user.nickname), command: 'JOIN', params: [room] });
    const prefix = levelPrefix(user.level ?? 0);
    if (prefix) c.send({ source: c.source, command: 'MODE', params: [room, `+${prefixModes[prefix]}`, user.nickname] });
  }
}

function onLeft(c: IrcConnection, room: string, userIds: number[]): void {
  const state = c.channels.get(lower(room));
  if (!state) return;
  for (const userId of userIds) {
    if (userId === c.account?.id) continue;
    const member = state.members.get(userId);
    if (!member) continue;
    state.members.delete(userId);
    c.send({ source: c.mask(member.nickname), command: 'PART', params: [room] });
  }
}

function onChannelMessage(c: IrcConnection, message: ChannelMessage): void {
  if (!c.channels.has(lower(message.channel))) return;
  const own = c.ownMessages.delete(message.id);
  if (own && !c.caps.has('echo-message')) return;
  const from = message.username ?? '*';
  const tags = c.tags(message.timestamp, [['msgid', message.id]]);
  for (const piece of splitText(message.text, maxLineBytes - 100 - from.length * 2 - message.channel.length)) {
    const text = message.kind === 'action' ? `${ctcp}ACTION ${piece}${ctcp}` : piece;
    c.send({ tags, source: c.mask(from), command: 'PRIVMSG', params: [message.channel, text] });
  }
}

function onNickname(c: IrcConnection, user: OnlineUser): void {
  if (user.id === c.account?.id) {
    c.renamed(user.nickname);
    return;
  }
  let old: string | undefined;
  for (const state of c.channels.values()) {
    const member = state.members.get(user.id);
    if (!member) continue;
    old ??= member.nickname;
    member.nickname = user.nickname;
  }
  for (const partner of c.partners.values()) if (partner.userId === user.id) partner.nickname = user.nickname;
  if (old && old !== user.nickname) c.send({ source: c.mask(old), command: 'NICK', params: [user.nickname] });
}

/** A level change, said as the MODE of the member who made it (`:nick!user@host MODE #c +o x`), from the web or IRC alike. */
function onLevel(c: IrcConnection, channel: string, userId: number, level: number, by: string | undefined): void {
  const state = c.channels.get(lower(channel));
  const member = state?.members.get(userId);
  if (!member) return;
  const before = levelPrefix(member.level);
  const after = levelPrefix(level);
  member.level = level;
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
    const ack = await c.emitJoin(`conversation_${summary.id}`, false);
    if (!ack.ok) c.partners.delete(summary.id);
    else if (summary.unread > 0 && summary.lastMessageAt) await replayUnread(c, account.id, summary.id, summary.unread, summary.lastMessageAt);
  }
}

/**
 * A conversation this client just started following had messages it did not hear: the unread ones up to the
 * newest it was told of are shown now (a later one came through the room, once).
 */
async function replayUnread(c: IrcConnection, userId: number, conversationId: number, unread: number, until: string): Promise<void> {
  const messages = await c.gateway.recentMessages(userId, conversationId);
  const missed = messages.filter((message) => message.senderId !== userId && message.timestamp <= until).slice(-unread);
  for (const message of missed) onPrivateMessage(c, { ...message, conversationId, senderName: '' });
}
