import type { FastifyBaseLogger } from 'fastify';
import type { RemoteSocket, Server, Socket } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents, SocketData } from '@papo/contract/socket-events';
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

/** What every socket handler needs from the plugin. */
export interface RealtimeContext {
  io: PapoServer;
  log: FastifyBaseLogger;
  warn: ThrottledWarn;
  conversations?: ConversationMembership;
}
