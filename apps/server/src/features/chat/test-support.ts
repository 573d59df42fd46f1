import type { RoomAck } from '@papo/contract/socket-events';
import type { LightMyRequestResponse } from 'fastify';
import type { Dialect } from '../../db/database.js';
import { connectClient, request, type TestClient } from '../../realtime/test-support.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { buildUser, type TestUser } from '../../test/users.js';
import { findChannel } from './channel-repo.js';
import { saveLevel } from './level-repo.js';

/** Level names of the tests: the spec's numbers plus staff (a moderator with no stored level). */
export type Rank = 0 | 3 | 5 | 10 | 100 | 'staff';

/** The whole app listening on a free port, with helpers for members, sockets and chat calls. */
export interface ChatHarness {
  t: TestApp;
  url: string;
  /** A new member; `staff` makes them a ROLE_MODERATOR. */
  member(opts?: { staff?: boolean; username?: string }): Promise<TestUser>;
  /** A connected socket of the member, disconnected by `disconnectAll`. */
  connect(user: TestUser): Promise<TestClient>;
  /** Connects and joins the room, failing unless the join is accepted. */
  joined(user: TestUser, room: string): Promise<TestClient>;
  post(user: TestUser, url: string, payload: object): Promise<LightMyRequestResponse>;
  /** Creates the channel (no founder) when it does not exist yet. */
  channel(name: string): Promise<number>;
  /** Gives the member a rank in the channel: a stored level, or staff (already in the member's roles). */
  setLevel(channel: string, userId: number, level: number): Promise<void>;
  disconnectAll(): void;
  close(): Promise<void>;
}

export async function startChatHarness(dialect: Dialect, env: Record<string, string> = {}): Promise<ChatHarness> {
  const t = await buildTestApp({ dialect, env });
  const url = await t.app.listen({ host: '127.0.0.1', port: 0 });
  const open: TestClient[] = [];
  let count = 0;
  const harness: ChatHarness = {
    t,
    url,
    member: (opts = {}) =>
      buildUser(t.app, {
        username: opts.username ?? `member${++count}`,
        roles: opts.staff ? ['ROLE_USER', 'ROLE_MODERATOR'] : ['ROLE_USER'],
      }),
    async connect(user) {
      const client = await connectClient(url, { token: user.token });
      open.push(client);
      return client;
    },
    async joined(user, room) {
      const client = await harness.connect(user);
      const ack = await request(client, 'join', room);
      if (!ack.ok) throw new Error(`join ${room} refused: ${ack.message}`);
      return client;
    },
    post: (user, path, payload) => t.app.inject({ method: 'POST', url: path, headers: user.headers, payload }),
    async channel(name) {
      await t.app.db
        .insertInto('channels')
        .values({ name })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      return (await findChannel(t.app.db, name))!.id;
    },
    async setLevel(channel, userId, level) {
      await saveLevel(t.app.db, await harness.channel(channel), userId, level);
    },
    disconnectAll() {
      for (const client of open.splice(0)) client.disconnect();
    },
    async close() {
      harness.disconnectAll();
      await t.close();
    },
  };
  return harness;
}

/** A `join` that asks to found the channel when it does not exist yet (the member said yes). */
export function requestFounding(client: TestClient, room: string): Promise<RoomAck> {
  return client.timeout(3_000).emitWithAck('join', room, { create: true });
}

/** A member at the given rank in the channel. */
export async function memberAt(h: ChatHarness, channel: string, rank: Rank): Promise<TestUser> {
  const user = await h.member({ staff: rank === 'staff' });
  if (rank !== 'staff' && rank !== 0) await h.setLevel(channel, user.id, rank);
  else await h.channel(channel);
  return user;
}
