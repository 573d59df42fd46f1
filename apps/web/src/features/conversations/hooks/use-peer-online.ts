import { clientRooms } from '@papo/contract/socket-events';
import { useEffect, useState } from 'react';
import { getSocket } from '../../../lib/socket';

/**
 * Whether the other member is connected at all, asked of the server (`peer-online`) while they are not in the
 * conversation: when they leave it, when the connection comes back and when the page is shown again. Undefined while
 * they are in the conversation or no answer has come.
 */
export function usePeerOnline(conversationId: number, present: boolean | undefined): boolean | undefined {
  const [online, setOnline] = useState<{ conversationId: number; online: boolean } | null>(null);

  useEffect(() => {
    if (present !== false) return;
    const socket = getSocket();
    let current = true;
    const ask = () => {
      socket
        .timeout(10_000)
        .emitWithAck('peer-online', { room: clientRooms.conversation(conversationId) })
        .then(
          (answer) => {
            if (current && answer.ok) setOnline({ conversationId, online: answer.online });
          },
          () => undefined,
        );
    };
    const shown = () => {
      if (document.visibilityState === 'visible') ask();
    };
    ask();
    socket.on('connect', ask);
    document.addEventListener('visibilitychange', shown);
    return () => {
      current = false;
      setOnline(null);
      socket.off('connect', ask);
      document.removeEventListener('visibilitychange', shown);
    };
  }, [conversationId, present]);

  return present === false && online?.conversationId === conversationId ? online.online : undefined;
}
