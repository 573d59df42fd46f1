/**
 * The one typed map of real-time events (decision 003), used as generics by both
 * `io()` on the web and `new Server<…>()` on the server. Event names are the spec's.
 */

import { z } from 'zod';
import { usernamePattern } from './auth.js';
import { channelNamePattern } from './channels.js';
import type { MessageKey } from './message-keys.js';
import type { ReplayPayload } from './replay.js';
import type { SignOutAnswer } from './sign-out.js';

/** Socket.IO path on the product's own host. */
export const socketPath = '/node-server/socket.io';

export interface OnlineUser {
  id: number;
  nickname: string;
  /** The user's level in the room's channel (0, 3, 5, 10, 100; staff rank above). */
  level?: number;
}

export interface ChannelMessage {
  id: string;
  channel: string;
  username?: string;
  text: string;
  level?: number;
  timestamp: string;
  /** 'action' for /me lines; absent for ordinary text. */
  kind?: 'action';
}

export interface Notification {
  id: number;
  type: string;
  message: string;
  /** Who caused it, when `message` does not say (a mention: its author's nickname). */
  by?: string;
  isRead: boolean;
  userTo: number;
  createdAt: string;
}

export interface ConversationMessage {
  id: number;
  conversationId: number;
  content: string;
  senderId: number;
  senderName: string;
  timestamp: string;
}

/**
 * Answer of `replay`: the lines after `after`, oldest first. `complete` is false when `after` is no longer in the
 * node's memory (the drop was longer than the window, or more lines came than it keeps): the lines are then all it
 * keeps, and some before them were missed.
 */
export type ReplayAnswer =
  { ok: true; messages: ChannelMessage[]; complete: boolean } | { ok: false; message: MessageKey };

/** One user's join as the spec announces it (`user-joined`). */
export interface UserJoinedPayload {
  room: string;
  user: OnlineUser;
  nickname: string;
  message: string;
}

export interface LevelChangedEvent {
  channel: string;
  userId: number;
  nickname: string;
  level: number;
  /** The nickname of the member who changed it: IRC shows them as the MODE's source (the server when absent). */
  by?: string;
}

/**
 * A new topic (empty: cleared). The spec's payload is `{content, channel}`; Papo's server adds who set it (their
 * nickname) and when (ISO-8601), enough to redraw a header without asking latest-topic again.
 */
export interface TopicUpdatedEvent {
  content: string;
  channel: string;
  by?: string;
  at?: string;
}

/** A system line; the kicked user's tabs get it too, then `user-left` updates every list. */
export interface UserKickedEvent {
  channel: string;
  userId: number;
  nickname: string;
  by: string;
  reason: string | null;
}

/** `expiresAt` null: until lifted. */
export interface UserBannedEvent {
  channel: string;
  userId: number;
  nickname: string;
  by: string;
  reason: string | null;
  expiresAt: string | null;
}

export interface UserUnbannedEvent {
  channel: string;
  userId: number;
  nickname: string;
  by: string;
}

/**
 * Answer of a `join` or `leave` acknowledgement. A refusal that ends with time (the daily limit on new
 * channels) says in how many seconds to try again, as HTTP's `Retry-After` would.
 */
export type RoomAck = { ok: true } | { ok: false; message: MessageKey; retryAfter?: number };

/**
 * Someone is typing (or stopped): in a private conversation (the spec's payload, `conversation_id`) or in a channel
 * (`channel`, with '#', the typist's nickname as `username`). Never sent to the typist's own tabs.
 */
export type TypingEvent =
  | { is_typing: boolean; username: string; conversation_id: number }
  | { is_typing: boolean; username: string; channel: string };

export interface ServerToClientEvents {
  users: (users: OnlineUser[], room: string) => void;
  /**
   * A join storm is told in batches (decision 014): each further argument is one more user who joined
   * the same room (decision 022: just the user, as in a `users` list, not a whole payload), so a client
   * reading only the first still reads the spec's payload.
   */
  'user-joined': (payload: UserJoinedPayload, ...more: OnlineUser[]) => void;
  /** Each id after the room is one more user who left it, batched like `user-joined`. */
  'user-left': (userId: number, room: string, ...moreUserIds: number[]) => void;
  'nickname-changed': (user: OnlineUser) => void;
  'user-changed-nickname': (payload: { message: string; oldNickname: string; newNickname: string }) => void;
  'new-notification': (notification: Notification) => void;
  new_notification: (notification: Notification) => void;
  'topic-updated': (payload: TopicUpdatedEvent) => void;
  'new-message': (message: ChannelMessage) => void;
  new_message: (message: ConversationMessage) => void;
  typing: (payload: TypingEvent) => void;
  'level-changed': (payload: LevelChangedEvent) => void;
  'user-kicked': (payload: UserKickedEvent) => void;
  'user-banned': (payload: UserBannedEvent) => void;
  'user-unbanned': (payload: UserUnbannedEvent) => void;
  /** The sign-in this socket belongs to has ended (decision 037): the connection closes next; the web goes to /login. */
  'signed-out': (payload: SignOutAnswer) => void;
  /** The socket's access token has expired: send a fresh one with `reauth` within the grace time, or it is closed. */
  'token-expired': () => void;
  /** The member opened (`open`) or closed a channel's tab on one of their devices (names without '#'): every device follows. */
  'open-channel': (payload: OpenChannelChange) => void;
}

export interface OpenChannelChange {
  channel: string;
  open: boolean;
}

export interface ClientToServerEvents {
  /**
   * Room is `#<channel>` or `conversation_<id>`. A channel that does not exist yet is refused with
   * `channel_not_found` unless the options say `create: true` (the member said yes to founding it).
   */
  join: (room: string, options?: JoinOptions | ((answer: RoomAck) => void), ack?: (answer: RoomAck) => void) => void;
  leave: (room: string, ack?: (answer: RoomAck) => void) => void;
  /** The spec's client sends no ack; one that does hears why a payload was refused. */
  'change-nickname': (payload: ChangeNicknamePayload, ack?: (answer: SocketAck) => void) => void;
  /**
   * After a reconnect (and its `join`), the lines of a channel the socket missed: those after the last it saw, from
   * the node's memory of the last two minutes (`@papo/contract/replay`). Refused with `not_in_channel` when the
   * socket is not in that channel.
   */
  replay: (payload: ReplayPayload, ack: (answer: ReplayAnswer) => void) => void;
  /** Papo's client tells whether the tab is shown (`document.visibilityState`); a tab that never says counts as shown. */
  visibility: (state: 'visible' | 'hidden') => void;
  /**
   * Papo's client tells which room its screen shows (`#barra`, `conversation_12`), or null for a page showing none: a
   * tab holds every open channel's room but looks at one. A socket that never says looks at all its rooms.
   */
  focus: (room: string | null) => void;
  /** A fresh access token of the same member for this open socket (after the client refreshed its session). */
  reauth: (token: string, ack?: (answer: SocketAck) => void) => void;
  /**
   * Whether the other member of a conversation whose room the socket is in is connected at all (any tab, any node).
   * Refused with `not_a_member` for a room the socket is not in.
   */
  'peer-online': (payload: PeerOnlinePayload, ack: (answer: PeerOnlineAnswer) => void) => void;
}

export const peerOnlinePayload = z.object({ room: z.string().max(64) });
export type PeerOnlinePayload = z.infer<typeof peerOnlinePayload>;
export type PeerOnlineAnswer = { ok: true; online: boolean } | { ok: false; message: MessageKey };

/** The optional second argument of `join`; anything else there counts as no options. */
export const joinOptions = z.object({ create: z.boolean().optional() });
export type JoinOptions = z.infer<typeof joinOptions>;

/** Answer of an acknowledged client event other than `join`/`leave`. */
export type SocketAck = { ok: true } | { ok: false; message: MessageKey };

// at most 15 digits so every id is a safe integer.
const conversationRoom = /^conversation_[1-9][0-9]{0,14}$/;
// a cheap refusal of oversized payloads before any pattern runs; real names are at most 31 characters.
const longestRoomName = 40;

/**
 * The payload of `join` and `leave`: `#<channel>` or `conversation_<id>` (every client payload
 * is checked with zod). Anything else fails with `invalid_room`.
 */
export const roomPayload = z
  .string({ error: 'invalid_room' })
  .max(longestRoomName, 'invalid_room')
  .refine(
    (room) => (room.startsWith('#') ? channelNamePattern.test(room.slice(1)) : conversationRoom.test(room)),
    'invalid_room',
  );

/**
 * The room names a client gives `join`, `leave`, `focus`, `replay` and `peer-online`, and hears in room events:
 * `#<channel>` (given with or without its `#`) and `conversation_<id>`. The server's own names are `rooms`.
 */
export const clientRooms = {
  channel: (name: string) => `#${name.replace(/^#/, '')}` as const,
  conversation: (id: number) => `conversation_${id}` as const,
};

/** The payload of `change-nickname`; a name that is not a nickname fails with `invalid_nickname`. */
export const changeNicknamePayload = z.object(
  {
    oldNickname: z.string({ error: 'invalid_nickname' }).max(100, 'invalid_nickname').optional(),
    newNickname: z.string({ error: 'invalid_nickname' }).regex(usernamePattern, 'invalid_nickname'),
  },
  { error: 'invalid_nickname' },
);
export type ChangeNicknamePayload = z.input<typeof changeNicknamePayload>;

/** What the server keeps on each socket. */
export interface SocketData {
  userId: number;
  username: string;
  roles: string[];
  /** The tab said it is hidden (`visibility`): it is in its rooms but nobody is looking (web push, decision 026). */
  hidden?: boolean;
  /** The internal room the tab's screen shows (`focus`), null for none; absent: the socket never said (all its rooms). */
  focus?: string | null;
}

/** Internal room names (decision 003). */
export const rooms = {
  channel: (name: string) => `channel:${name}`,
  conversation: (id: number) => `conversation:${id}`,
  user: (id: number) => `user:${id}`,
} as const;
