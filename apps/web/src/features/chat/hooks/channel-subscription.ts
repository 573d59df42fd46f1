import type { ServerToClientEvents } from '@papo/contract/socket-events';
import type { PapoSocket } from '../../../lib/socket';

/** The server events a channel screen follows, each with its contract-typed handler. */
export type ChannelHandlers = Pick<
  ServerToClientEvents,
  | 'users'
  | 'user-joined'
  | 'user-left'
  | 'nickname-changed'
  | 'user-changed-nickname'
  | 'new-message'
  | 'topic-updated'
  | 'level-changed'
  | 'user-kicked'
  | 'user-banned'
  | 'user-unbanned'
>;

/**
 * Listens to every channel event and answers the function that stops. NOTE: each event is named in full,
 * because Socket.IO's typings lose the pairing of an event and its handler in a loop over event names.
 */
export function subscribeChannelEvents(socket: PapoSocket, h: ChannelHandlers): () => void {
  socket
    .on('users', h.users)
    .on('user-joined', h['user-joined'])
    .on('user-left', h['user-left'])
    .on('nickname-changed', h['nickname-changed'])
    .on('user-changed-nickname', h['user-changed-nickname'])
    .on('new-message', h['new-message'])
    .on('topic-updated', h['topic-updated'])
    .on('level-changed', h['level-changed'])
    .on('user-kicked', h['user-kicked'])
    .on('user-banned', h['user-banned'])
    .on('user-unbanned', h['user-unbanned']);
  return () => {
    socket
      .off('users', h.users)
      .off('user-joined', h['user-joined'])
      .off('user-left', h['user-left'])
      .off('nickname-changed', h['nickname-changed'])
      .off('user-changed-nickname', h['user-changed-nickname'])
      .off('new-message', h['new-message'])
      .off('topic-updated', h['topic-updated'])
      .off('level-changed', h['level-changed'])
      .off('user-kicked', h['user-kicked'])
      .off('user-banned', h['user-banned'])
      .off('user-unbanned', h['user-unbanned']);
  };
}
