/**
 * The server's and its sockets' types, and what nodes tell each other: every realtime module builds on them, so this
 * module imports none of its siblings.
 */
import type { RemoteSocket, Server, Socket } from 'socket.io';
import type {
  ChannelMessage,
  ClientToServerEvents,
  ServerToClientEvents,
  SocketData,
} from '@papo/contract/socket-events';

/** A batch of channel messages one node hands to the others (with Redis), each node writing them to its own sockets. */
export interface ChannelMessageBatch {
  room: string;
  messages: ChannelMessage[];
}

/** What nodes tell each other beyond what the adapter carries (`serverSideEmit`). */
interface InterServerEvents {
  /** A user selected another nickname: every node renames its own sockets of that user. */
  'nickname-selected': (payload: { userId: number; nickname: string }) => void;
  /** Channel messages another node accepted in one turn: every node writes them to its own sockets (decision 022). */
  'channel-messages': (batch: ChannelMessageBatch) => void;
}

export type PapoServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type PapoSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type PapoRemoteSocket = RemoteSocket<ServerToClientEvents, SocketData>;
