import { Server } from 'socket.io';
import { describe, expect, it } from 'vitest';
import type { UserJoinedPayload } from '@papo/contract/socket-events';
import { EncodedBatch, encodePieces, joinPackets, type PresenceEvent } from './presence-announcer.js';
import { usersPacket } from './room-presence.js';

const join = (id: number, nickname: string): PresenceEvent => ({
  kind: 'join',
  payload: { room: '#barra', user: { id, nickname, level: id === 2 ? 5 : 0 }, nickname, message: 'join' },
});
const part = (userId: number): PresenceEvent => ({ kind: 'part', userId });

describe("a late socket's tail of a presence batch", () => {
  const queue = [join(1, 'ana'), join(2, 'Zé "o grande"'), part(3), part(4), join(5, 'ção\\n'), part(6)];
  const pieces = encodePieces(queue);
  const { encoder } = new Server();
  const socketIo = (event: string, args: unknown[]) =>
    encoder.encode({ type: 2, nsp: '/', data: [event, ...args] }) as unknown[];

  it("is encoded exactly as Socket.IO's encoder writes the same emits, runs of joins and of parts each one packet", () => {
    const payloads = queue.map((event) => (event.kind === 'join' ? event.payload : event.userId));
    const [ana, ze] = payloads as [UserJoinedPayload, UserJoinedPayload];
    expect(joinPackets('#barra', pieces, 0)).toEqual([
      // a run's later joins are their users alone (decision 022).
      ...socketIo('user-joined', [ana, ze.user]),
      ...socketIo('user-left', [3, '#barra', 4]),
      ...socketIo('user-joined', payloads.slice(4, 5)),
      ...socketIo('user-left', [6, '#barra']),
    ]);
  });

  it("starts where the socket's own list left off, and is empty once it knows everything", () => {
    expect(joinPackets('#barra', pieces, 3)).toEqual([
      ...socketIo('user-left', [4, '#barra']),
      ...socketIo('user-joined', [(queue[4] as Extract<PresenceEvent, { kind: 'join' }>).payload]),
      ...socketIo('user-left', [6, '#barra']),
    ]);
    expect(joinPackets('#barra', pieces, queue.length)).toEqual([]);
  });

  it('is cut from one encoding of the batch for a socket that knows any part of it, byte for byte', () => {
    const batch = new EncodedBatch('#barra', queue);
    for (let known = 0; known <= queue.length; known++)
      expect(batch.from(known)).toEqual(joinPackets('#barra', pieces, known));
    const storm = Array.from({ length: 40 }, (_, i) => join(100 + i, `nick${i}`));
    const stormBatch = new EncodedBatch('#barra', storm);
    for (const known of [0, 1, 17, 39]) {
      const payloads = storm.slice(known).map((event) => (event as Extract<PresenceEvent, { kind: 'join' }>).payload);
      expect(stormBatch.from(known)).toEqual(
        socketIo('user-joined', [payloads[0], ...payloads.slice(1).map((payload) => payload.user)]),
      );
    }
  });
});

describe("a joiner's users list", () => {
  it("is written as Socket.IO's encoder writes the same emit", () => {
    const { encoder } = new Server();
    const list = [
      { id: 1, nickname: 'ana', level: 0 },
      { id: 2, nickname: 'Zé "o grande" ção\\n', level: 100 },
    ];
    expect([usersPacket(JSON.stringify(list), '#barra')]).toEqual(
      encoder.encode({ type: 2, nsp: '/', data: ['users', list, '#barra'] }),
    );
    expect([usersPacket('[]', 'conversation_4')]).toEqual(
      encoder.encode({ type: 2, nsp: '/', data: ['users', [], 'conversation_4'] }),
    );
  });
});
