import type { FastifyBaseLogger } from 'fastify';
import type { RemoteSocket, Server, Socket } from 'socket.io';
import type { ClientToServerEvents, RoomAck, ServerToClientEvents, SocketData } from '@papo/contract/socket-events';
import type { ThrottledWarn } from './throttled-warn.js';

/** What nodes tell each other beyond what the adapter carries (`serverSideEmit`). */
export interface InterServerEvents {
  /** A user selected another nickname: every node renames its own sockets of that user. */
  'nickname-selected': (payload: { userId: number; nickname: string }) => void;
}

export type PapoServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type PapoSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type PapoRemoteSocket = RemoteSocket<ServerToClientEvents, SocketData>;

/** Answers whether a user belongs to a private conversation (the conversations feature provides it). */
export interface ConversationMembership {
  isMember(userId: number, conversationId: number): Promise<boolean>;
}

/** Channel rules the chat feature provides: who may join, and the levels shown in presence lists. */
export interface ChannelAccess {
  /**
   * Creates an unknown channel (the joiner becomes its founder, within the founding limits); refuses a
   * banned user with `banned`.
   */
  prepareJoin(user: SocketData, channel: string): Promise<RoomAck>;
  /**
   * Every stored level of the channel by user id (absent: 0); staff are ranked by the caller from their
   * roles. NOTE: only users given a level have one, so this stays small however full the room is.
   */
  levelsOf(channel: string): Promise<Map<number, number>>;
}

/** What every socket handler needs from the plugin. */
export interface RealtimeContext {
  io: PapoServer;
  log: FastifyBaseLogger;
  warn: ThrottledWarn;
  conversations?: ConversationMembership;
  /** Without it every channel is open and everyone is shown at level 0 (staff at the staff level). */
  channels?: ChannelAccess;
}
