import { clientRooms } from '@papo/contract/socket-events';
import { useEffect, useState } from 'react';
import { getSocket } from '../../../lib/socket';

/**
 * Whether the other member has this conversation open now, from the room's own presence events
 * (`users` on joining, then `user-joined`/`user-left`); undefined until the room's list arrives.
 * it only listens; the room is joined once, by useConversationMessages.
 */
export function useConversationPresence(conversationId: number, otherId: number | null): boolean | undefined {
  const [present, setPresent] = useState<ReadonlySet<number> | null>(null);

  useEffect(() => {
    const room = clientRooms.conversation(conversationId);
    const socket = getSocket();
    const onUsers = (users: { id: number }[], target: string) => {
      if (target === room) setPresent(new Set(users.map((user) => user.id)));
    };
    // a batch is the spec's payload, then each further joiner's user (decision 022).
    const onJoined = (first: { room: string; user: { id: number } }, ...more: { id: number }[]) => {
      if (first.room !== room) return;
      const ids = [first.user.id, ...more.map((user) => user.id)];
      setPresent((current) => new Set([...(current ?? []), ...ids]));
    };
    const onLeft = (userId: number, target: string, ...more: number[]) => {
      if (target !== room) return;
      const gone = new Set([userId, ...more]);
      setPresent((current) => (current ? new Set([...current].filter((id) => !gone.has(id))) : current));
    };
    socket.on('users', onUsers);
    socket.on('user-joined', onJoined);
    socket.on('user-left', onLeft);
    return () => {
      socket.off('users', onUsers);
      socket.off('user-joined', onJoined);
      socket.off('user-left', onLeft);
    };
  }, [conversationId]);

  if (present === null || otherId === null) return undefined;
  return present.has(otherId);
}
