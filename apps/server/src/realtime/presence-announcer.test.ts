import { Server } from 'socket.io';
import { describe, expect, it } from 'vitest';
import type { UserJoinedPayload } from '@papo/contract/socket-events';
import { encodePieces, joinPackets, type PresenceEvent } from './presence-announcer.js';

const join = (id: number, nickname: string): PresenceEvent => ({
  kind: 'join',
  payload: { room: '#barra', user: { id, nickname, level: id === 2 ? 5 : 0 }, nickname, message: 'join' },
});
const part = (userId: number): PresenceEvent => ({ kind: 'part', userId });

describe("a late socket's tail of a presence batch", () => {
  const queue = [join(1, 'ana'), join(2, 'Zé "o grande"'), part(3), part(4), join(5, 'ção\\n'), part(6)];
  const pieces = encodePieces(queue);
  const { encoder } = new Server();
  const socketIo = (event: string, args: unknown[]) => encoder.encode({ type: 2, nsp: '/', data: [event, ...args] }) as unknown[];

  it("is encoded exactly as Socket.IO's encoder writes the same emits, runs of joins and of parts each one packet", () => {
    const payloads = queue.map((event) => (event.kind === 'join' ? event.payload : event.userId));
    const [ana, ze] = payloads as [UserJoinedPayload, UserJoinedPayload];
    expect(joinPackets('#barra', queue, pieces, 0)).toEqual([
      // NOTE: a run's later joins are their users alone (decision 022).
      ...socketIo('user-joined', [ana, ze.user]),
      ...socketIo('user-left', [3, '#barra', 4]),
      ...socketIo('user-joined', payloads.slice(4, 5)),
      ...socketIo('user-left', [6, '#barra']),
    ]);
  });

  it('starts where the socket\'s own list left off, and is empty once it knows everything', () => {
    expect(joinPackets('#barra', queue, pieces, 3)).toEqual([
      ...socketIo('user-left', [4, '#barra']),
      ...socketIo('user-joined', [(queue[4] as Extract<PresenceEvent, { kind: 'join' }>).payload]),
      ...socketIo('user-left', [6, '#barra']),
    ]);
    expect(joinPackets('#barra', queue, pieces, queue.length)).toEqual([]);
  });
});
