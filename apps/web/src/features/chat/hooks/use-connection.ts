import { useEffect, useState } from 'react';
import { getSocket } from '../../../lib/socket';

/** 'down' while the real-time connection is lost or cannot be made; Socket.IO keeps retrying meanwhile. */
export type ConnectionState = 'connecting' | 'up' | 'down';

/** The state of the tab's real-time connection, for the 'connection lost — reconnecting' banner. */
export function useConnection(): ConnectionState {
  const [state, setState] = useState<ConnectionState>(() => (getSocket().connected ? 'up' : 'connecting'));
  useEffect(() => {
    const socket = getSocket();
    const up = () => setState('up');
    const down = () => setState('down');
    socket.on('connect', up);
    socket.on('disconnect', down);
    socket.on('connect_error', down);
    if (socket.connected) up();
    return () => {
      socket.off('connect', up);
      socket.off('disconnect', down);
      socket.off('connect_error', down);
    };
  }, []);
  return state;
}
