/**
 * The one typed map of real-time events (DESIGN §6), used as generics by both
 * `io()` on the web and `new Server<…>()` on the server. Event names are the spec's.
 */

import type { MessageKey } from './message-keys.js';

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
 * Answer of a `join` or `leave` acknowledgement. A refusal that ends with time (the daily limit on new
 * channels) says in how many seconds to try again, as HTTP's `Retry-After` would.
 */
export type RoomAck = { ok: true } | { ok: false; message: MessageKey; retryAfter?: number };

export interface ServerToClientEvents {
  users: (users: OnlineUser[], room: string) => void;
  'user-joined': (payload: { room: string; user: OnlineUser; nickname: string; message: string }) => void;
  'user-left': (userId: number, room: string) => void;
  'nickname-changed': (user: OnlineUser) => void;
  'user-changed-nickname': (payload: { message: string; oldNickname: string; newNickname: string }) => void;
  'new-notification': (notification: Notification) => void;
  new_notification: (notification: Notification) => void;
  'topic-updated': (payload: { content: string; channel: string }) => void;
  'new-message': (message: ChannelMessage) => void;
  new_message: (message: ConversationMessage) => void;
  typing: (payload: { is_typing: boolean; username: string; conversation_id: number }) => void;
}

export interface ClientToServerEvents {
  /** Room is `#<channel>` or `conversation_<id>`. */
  join: (room: string, ack?: (answer: RoomAck) => void) => void;
  leave: (room: string, ack?: (answer: RoomAck) => void) => void;
  'change-nickname': (payload: { oldNickname: string; newNickname: string }) => void;
}

/** What the server keeps on each socket. */
export interface SocketData {
  userId: number;
  username: string;
  roles: string[];
}

/** Internal room names (DESIGN §6). */
export const rooms = {
  channel: (name: string) => `channel:${name}`,
  conversation: (id: number) => `conversation:${id}`,
  user: (id: number) => `user:${id}`,
} as const;
