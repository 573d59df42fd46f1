import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  socketPath,
  type ClientToServerEvents,
  type RoomAck,
  type ServerToClientEvents,
} from '@papo/contract/socket-events';
import { Server, type Socket } from 'socket.io';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeRefreshedTokens } from './session';
import { clearSignedOutNotice, readSignedOutNotice } from './signed-out-notice';
import { closeSocket, getSocket, joinRoom, leaveRoom, onRoomRefused, showRoom } from './socket';

/**
 * A real Socket.IO server speaking the contract's events: it records every join and leave with the
 * token it was made with, and refuses the rooms a test puts in `refused` (as the server does for a ban).
 */
const http = createServer();
const io = new Server<ClientToServerEvents, ServerToClientEvents>(http, { path: socketPath });
const calls: string[] = [];
/** Every `focus` the server heard, in order, apart from the other calls. */
const focuses: (string | null)[] = [];
const refused = new Map<string, RoomAck>();
const connections: Socket<ClientToServerEvents, ServerToClientEvents>[] = [];

io.on('connection', (socket) => {
  connections.push(socket);
  const token = (socket.handshake.auth as { token?: string }).token;
  socket.on('join', (room, second, third) => {
    const ack = typeof second === 'function' ? second : third;
    const create = typeof second === 'object' && second.create ? ' create' : '';
    calls.push(`join ${room} ${token}${create}`);
    ack?.(refused.get(room) ?? { ok: true });
  });
  socket.on('leave', (room) => calls.push(`leave ${room}`));
  socket.on('focus', (room) => focuses.push(room));
  socket.on('reauth', (fresh, ack) => {
    calls.push(`reauth ${fresh}`);
    ack?.({ ok: true });
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await io.close();
});

beforeEach(() => {
  const { port } = http.address() as AddressInfo;
  // the module connects to the page's own host, as the product does; here that host is the test server
  // (the shared setup unstubs globals after each test).
  vi.stubGlobal('location', new URL(`http://127.0.0.1:${port}/barra`));
  localStorage.setItem('user', JSON.stringify({ token: 'token-1' }));
});

afterEach(() => {
  closeSocket();
  calls.length = 0;
  focuses.length = 0;
  connections.length = 0;
  refused.clear();
  localStorage.clear();
});

/** Resolves once `count` calls have reached the server. */
async function serverCalls(count: number): Promise<string[]> {
  await vi.waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(count), { timeout: 10_000 });
  return [...calls];
}

/** Drops the connection under the client (a network blip): the client reconnects by itself. */
function dropConnection() {
  for (const socket of connections.splice(0)) socket.conn.close();
}

describe('the tab’s socket', () => {
  it('opens one connection with the session’s token and joins a room once it is up', async () => {
    expect(getSocket()).toBe(getSocket());
    await expect(joinRoom('#barra')).resolves.toEqual({ ok: true });
    expect(calls).toEqual(['join #barra token-1']);
  });

  it('answers the server’s refusal of a first join', async () => {
    refused.set('#barra', { ok: false, message: 'banned' });
    await expect(joinRoom('#barra')).resolves.toEqual({ ok: false, message: 'banned' });
  });

  it('founds a channel only when asked: a refused join, then one that says create, then plain rejoins', async () => {
    refused.set('#novo', { ok: false, message: 'channel_not_found' });
    await expect(joinRoom('#novo')).resolves.toEqual({ ok: false, message: 'channel_not_found' });
    refused.clear();
    await expect(joinRoom('#novo', { create: true })).resolves.toEqual({ ok: true });
    // the channel exists from then on, so a reconnect's rejoin needs no create.
    dropConnection();
    expect(await serverCalls(3)).toEqual(['join #novo token-1', 'join #novo token-1 create', 'join #novo token-1']);
  });

  it('rejoins its rooms after a reconnect with the token the session holds then', async () => {
    await joinRoom('#barra');
    await joinRoom('conversation_5');
    localStorage.setItem('user', JSON.stringify({ token: 'token-2' }));
    dropConnection();
    expect((await serverCalls(4)).slice(2).sort()).toEqual(['join #barra token-2', 'join conversation_5 token-2']);
  });

  it('reports a rejoin refused after a reconnect, and stops rejoining that room', async () => {
    const heard: string[] = [];
    const stop = onRoomRefused((room, message) => heard.push(`${room} ${message}`));
    await joinRoom('#barra');
    await joinRoom('#rio');

    refused.set('#barra', { ok: false, message: 'banned' });
    dropConnection();
    await vi.waitFor(() => expect(heard).toEqual(['#barra banned']), { timeout: 10_000 });

    // the next reconnect rejoins #rio only; that join is the sign the round is over.
    calls.length = 0;
    dropConnection();
    expect(await serverCalls(1)).toEqual(['join #rio token-1']);
    expect(heard).toEqual(['#barra banned']);
    stop();
  });

  it('tells the server the room on screen: none on connecting, the last of each turn once, again after a reconnect', async () => {
    await joinRoom('#barra');
    showRoom('#barra');
    await vi.waitFor(() => expect(focuses).toEqual([null, '#barra']), { timeout: 10_000 });
    // One screen replaced by another in the same turn: only where the tab ends up is told.
    showRoom(null);
    showRoom('conversation_5');
    showRoom('#rio');
    showRoom('#rio');
    await joinRoom('#rio');
    await vi.waitFor(() => expect(focuses).toEqual([null, '#barra', '#rio']), { timeout: 10_000 });
    dropConnection();
    await vi.waitFor(() => expect(focuses).toEqual([null, '#barra', '#rio', '#rio']), { timeout: 10_000 });
  });

  it('leaves a room and no longer rejoins it', async () => {
    await joinRoom('#barra');
    await joinRoom('#rio');
    leaveRoom('#barra');
    await serverCalls(3);
    calls.length = 0;
    dropConnection();
    expect(await serverCalls(1)).toEqual(['join #rio token-1']);
  });

  it('joins a room asked for while connecting exactly once', async () => {
    const first = joinRoom('#barra');
    const second = joinRoom('#rio');
    await expect(Promise.all([first, second])).resolves.toEqual([{ ok: true }, { ok: true }]);
    // a third join after both proves no late duplicate of the first two is still on its way.
    await joinRoom('#sampa');
    expect(calls).toEqual(['join #barra token-1', 'join #rio token-1', 'join #sampa token-1']);
  });

  it('hands each renewed token to the open connection once (reauth), without reconnecting', async () => {
    await joinRoom('#barra');
    storeRefreshedTokens({ token: 'token-2' });
    storeRefreshedTokens({ token: 'token-2' });
    storeRefreshedTokens({ token: 'token-3' });
    expect(await serverCalls(3)).toEqual(['join #barra token-1', 'reauth token-2', 'reauth token-3']);
    expect(connections).toHaveLength(1);
  });

  it('signs the tab out when the server says its sign-in ended, and the login screen hears why', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', Object.assign(new URL(location.href), { assign }));
    await joinRoom('#barra');
    for (const socket of connections) socket.emit('signed-out', { reason: 'password_changed' });
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/login'));
    expect(localStorage.getItem('user')).toBeNull();
    expect(readSignedOutNotice()).toBe('password_changed');
    clearSignedOutNotice();
  });
});
