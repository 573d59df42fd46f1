import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import {
  socketPath,
  type ClientToServerEvents,
  type RoomAck,
  type ServerToClientEvents,
} from '@papo/contract/socket-events';
import { createTokenService, type AccessClaims } from '../lib/tokens.js';
import { realtimePlugin, type RealtimeOptions } from './plugin.js';

/** Shared by the test apps and the tokens the tests sign. */
const testSecret = 'realtime-test-secret-that-is-long-enough-0123456789';
export const tokens = createTokenService(testSecret);

export type TestClient = ClientSocket<ServerToClientEvents, ClientToServerEvents>;

/** A bare Fastify app with only the realtime plugin, listening on a free port. */
export async function startRealtimeApp(
  options: Omit<RealtimeOptions, 'tokens'> = {},
  logger: FastifyServerOptions['logger'] = false,
): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify({ logger });
  await app.register(realtimePlugin, { tokens, ...options });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url };
}

export function userClaims(userId: number): AccessClaims {
  return { userId, username: `user${userId}`, roles: [], sessionId: `session-of-user${userId}` };
}

/** Connects a client the way the web app does, minus reconnection; resolves once connected. */
export async function connectClient(url: string, auth: { token?: string } = {}, headers: Record<string, string> = {}) {
  const client: TestClient = connect(url, {
    path: socketPath,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth,
    extraHeaders: headers,
  });
  await new Promise<void>((resolve, reject) => {
    client.once('connect', resolve);
    client.once('connect_error', reject);
  });
  return client;
}

export async function connectUser(url: string, userId: number): Promise<TestClient> {
  return connectClient(url, { token: await tokens.signAccessToken(userClaims(userId)) });
}

/** Resolves with the refusal a handshake ends in. */
export function connectError(url: string, auth: { token?: string } = {}, headers: Record<string, string> = {}) {
  return connectClient(url, auth, headers).then(
    (client) => {
      client.disconnect();
      throw new Error('the connection was accepted');
    },
    (error: Error & { data?: unknown }) => error,
  );
}

/** Emits join/leave with any payload, as a misbehaving client could. */
export function request(client: TestClient, event: 'join' | 'leave', room: unknown): Promise<RoomAck> {
  const untyped = client as unknown as ClientSocket;
  return untyped.timeout(3_000).emitWithAck(event, room) as Promise<RoomAck>;
}

/** Records every payload of one event, in order. */
export function record<E extends keyof ServerToClientEvents>(client: TestClient, event: E) {
  const seen: Parameters<ServerToClientEvents[E]>[] = [];
  const untyped = client as unknown as ClientSocket;
  untyped.on(event as string, (...args: unknown[]) => {
    seen.push(args as Parameters<ServerToClientEvents[E]>);
  });
  return seen;
}

export { waitFor } from '../test/wait-for.js';

/**
 * Resolves once the app has sent every join and part it was holding back for a batch (decision 014);
 * a client's next round trip then comes back after them.
 */
export function presenceSettled(app: FastifyInstance): Promise<void> {
  return app.realtime.presence.idle();
}

/**
 * What one client has been told about a room's members, replayed in order: its `users` lists, then
 * joins and parts (batched ones included). `repeated` holds every join of a user the client already
 * listed, except its own first join line; `ghosts` every part of a user it did not list.
 */
export function watchRoom(client: TestClient, room: string, selfId: number) {
  const members = new Set<number>();
  const view = { members, joinsSeen: [] as number[], repeated: [] as number[], ghosts: [] as number[], lists: 0 };
  let ownLineSeen = false;
  client.on('users', (users, target) => {
    if (target !== room) return;
    view.lists += 1;
    members.clear();
    for (const user of users) members.add(user.id);
  });
  client.on('user-joined', (first, ...more) => {
    if (first.room !== room) return;
    for (const user of [first.user, ...more]) {
      view.joinsSeen.push(user.id);
      const ownLine = user.id === selfId && !ownLineSeen;
      if (user.id === selfId) ownLineSeen = true;
      if (members.has(user.id) && !ownLine) view.repeated.push(user.id);
      members.add(user.id);
    }
  });
  client.on('user-left', (userId, target, ...more) => {
    if (target !== room) return;
    for (const id of [userId, ...more]) {
      if (!members.delete(id)) view.ghosts.push(id);
    }
  });
  return view;
}
