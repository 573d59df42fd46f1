import type { ServerToClientEvents } from '@papo/contract/socket-events';
import type { PapoSocket } from '../../../lib/socket';

/** The server events a channel screen follows. */
export const channelEvents = [
  'users',
  'user-joined',
  'user-left',
  'nickname-changed',
  'user-changed-nickname',
  'new-message',
  'topic-updated',
  'level-changed',
  'user-kicked',
  'user-banned',
  'user-unbanned',
] as const satisfies readonly (keyof ServerToClientEvents)[];

/** Each channel event with its contract-typed handler. */
export type ChannelHandlers = Pick<ServerToClientEvents, (typeof channelEvents)[number]>;

/**
 * Listens to every channel event and answers the function that stops. `h[event]` is always the handler of
 * that very event (the same key); the cast only stands in for the pairing Socket.IO's typings lose in a loop over
 * event names.
 */
export function subscribeChannelEvents(socket: PapoSocket, h: ChannelHandlers): () => void {
  for (const event of channelEvents) socket.on(event, h[event] as never); // cast: see NOTE above (the pairing is by key)
  return () => {
    for (const event of channelEvents) socket.off(event, h[event] as never); // cast: see NOTE above (the pairing is by key)
  };
}
