import { clientRooms } from '@papo/contract/socket-events';
import { useEffect, useState } from 'react';
import { getSocket } from '../../../lib/socket';

/**
 * How often an open conversation asks again while the page is shown: no event says when the other member connects
 * or goes (decision 063), so this is how late the header may be. One small ask per open conversation per interval,
 * well under the server's 30 a minute.
 */
export const peerAskIntervalMs = 30_000;

/**
 * Whether the other member is connected at all, asked of the server (`peer-online`) while they are not in the
 * conversation: when they leave it, every `peerAskIntervalMs` while the page is shown, when the connection comes back
 * and when the page is shown again. Undefined while they are in the conversation or no answer has come.
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
    // an ask made while disconnected would wait in the socket's buffer and go out with the others at the reconnect,
    // which asks anyway.
    const tick = () => {
      if (socket.connected) ask();
    };
    let timer: ReturnType<typeof setInterval> | undefined;
    const repeat = () => {
      clearInterval(timer);
      timer = document.visibilityState === 'visible' ? setInterval(tick, peerAskIntervalMs) : undefined;
    };
    const shown = () => {
      if (document.visibilityState === 'visible') ask();
      repeat();
    };
    ask();
    repeat();
    socket.on('connect', ask);
    document.addEventListener('visibilitychange', shown);
    return () => {
      current = false;
      setOnline(null);
      clearInterval(timer);
      socket.off('connect', ask);
      document.removeEventListener('visibilitychange', shown);
    };
  }, [conversationId, present]);

  return present === false && online?.conversationId === conversationId ? online.online : undefined;
}
