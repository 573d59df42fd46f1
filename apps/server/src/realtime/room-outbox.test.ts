import type { FastifyInstance } from 'fastify';
import { io as connect } from 'socket.io-client';
import { rooms, socketPath, type ChannelMessage } from '@papo/contract/socket-events';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  connectUser,
  record,
  request,
  startRealtimeApp,
  tokens,
  userClaims,
  waitFor,
  type TestClient,
} from './test-support.js';

const message = (channel: string, n: number): ChannelMessage => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  channel: `#${channel}`,
  username: 'alice',
  text: `linha ${n} – ação`,
  level: 0,
  timestamp: new Date(Date.UTC(2026, 10, 24, 12, 0, n)).toISOString(),
});

describe('channel messages held to the end of the turn (decision 022)', () => {
  let app: FastifyInstance;
  let url: string;
  const open: TestClient[] = [];
  const joined = async (userId: number, room: string, client?: TestClient) => {
    const socket = client ?? (await connectUser(url, userId));
    open.push(socket);
    expect(await request(socket, 'join', room)).toEqual({ ok: true });
    return socket;
  };
  /** Counts what the server hands each of its engine connections (one call: one write of the socket). */
  const countWrites = () => {
    const writes = new Map<string, number>();
    for (const [id, socket] of app.io.of('/').sockets) {
      const conn = socket.conn;
      const write = conn.write.bind(conn);
      writes.set(id, 0);
      conn.write = (...args: Parameters<typeof conn.write>) => {
        writes.set(id, writes.get(id)! + 1);
        return write(...args);
      };
    }
    return writes;
  };

  beforeAll(async () => {
    ({ app, url } = await startRealtimeApp());
  });
  afterEach(async () => {
    for (const client of open.splice(0)) client.disconnect();
    await waitFor('all sockets gone', () => app.io.of('/').sockets.size === 0);
    await app.realtime.presence.idle();
  });
  afterAll(async () => {
    await app.close();
  });

  it("delivers one turn's messages to each member in order, in one write per socket, and only to the room's members", async () => {
    const [alice, bob, carol] = [await joined(1, '#barra'), await joined(2, '#barra'), await joined(3, '#rio')];
    const seen = [alice, bob, carol].map((client) => record(client, 'new-message'));
    // the joins' own announcements are out of the way first.
    await app.realtime.presence.idle();
    const writes = countWrites();

    const barra = [1, 2, 3].map((n) => message('barra', n));
    const rio = message('rio', 4);
    app.realtime.outbox.message(rooms.channel('barra'), barra[0]!);
    app.realtime.outbox.message(rooms.channel('rio'), rio);
    app.realtime.outbox.message(rooms.channel('barra'), barra[1]!);
    app.realtime.outbox.message(rooms.channel('barra'), barra[2]!);
    expect([...writes.values()]).toEqual([0, 0, 0]);

    await waitFor(
      'every message arrives',
      () => seen[0]!.length === 3 && seen[1]!.length === 3 && seen[2]!.length === 1,
    );
    expect(seen[0]!.map(([m]) => m)).toEqual(barra);
    expect(seen[1]!.map(([m]) => m)).toEqual(barra);
    expect(seen[2]!.map(([m]) => m)).toEqual([rio]);
    expect([...writes.values()]).toEqual([1, 1, 1]);
    // a round trip after anything the server sent before it: nothing more came.
    await request(carol, 'join', '#rio');
    expect(seen[2]).toHaveLength(1);
  });

  it('sends held messages before any later event to the room, so a kick or topic never overtakes them', async () => {
    const member = await joined(1, '#barra');
    const order: string[] = [];
    member.on('new-message', (m) => order.push(m.text));
    member.on('topic-updated', (topic) => order.push(`topic ${topic.content}`));

    app.realtime.outbox.message(rooms.channel('barra'), message('barra', 1));
    app.realtime.outbox.message(rooms.channel('barra'), message('barra', 2));
    app.realtime
      .to(rooms.channel('barra'))
      .emit('topic-updated', { content: 'depois', channel: '#barra', by: 'op', at: new Date().toISOString() });

    await waitFor('all three', () => order.length === 3);
    expect(order).toEqual(['linha 1 – ação', 'linha 2 – ação', 'topic depois']);
  });

  it('writes each message on its own to a member still on HTTP long-polling', async () => {
    const token = await tokens.signAccessToken(userClaims(5));
    const polling: TestClient = connect(url, {
      path: socketPath,
      transports: ['polling'],
      reconnection: false,
      forceNew: true,
      auth: { token },
    });
    await new Promise<void>((resolve, reject) => {
      polling.once('connect', resolve);
      polling.once('connect_error', reject);
    });
    const [onPolling, onWebSocket] = [
      record(await joined(5, '#barra', polling), 'new-message'),
      record(await joined(6, '#barra'), 'new-message'),
    ];
    const barra = [1, 2].map((n) => message('barra', n));
    for (const m of barra) app.realtime.outbox.message(rooms.channel('barra'), m);

    await waitFor('both members have both', () => onPolling.length === 2 && onWebSocket.length === 2);
    expect(onPolling.map(([m]) => m)).toEqual(barra);
    expect(onWebSocket.map(([m]) => m)).toEqual(barra);
  });

  it('sends what it holds when the server closes', async () => {
    const { app: closing, url: closingUrl } = await startRealtimeApp();
    const client = await connectUser(closingUrl, 1);
    expect(await request(client, 'join', '#barra')).toEqual({ ok: true });
    await closing.realtime.presence.idle();
    const written: unknown[] = [];
    const [socket] = closing.io.of('/').sockets.values();
    const write = socket!.conn.write.bind(socket!.conn);
    socket!.conn.write = (...args: Parameters<typeof write>) => {
      written.push(args[0]);
      return write(...args);
    };
    closing.realtime.outbox.message(rooms.channel('barra'), message('barra', 1));
    await closing.close();
    expect(written.filter((data) => String(data).includes('"new-message"'))).toHaveLength(1);
    client.disconnect();
  });
});
