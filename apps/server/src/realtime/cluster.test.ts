import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../scripts/admin-commands.js';
import { signInOver } from '../test/process.js';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../test/server-process.js';
import { connectClient, record, request, waitFor, watchRoom, type TestClient } from './test-support.js';

const redisUrl = process.env.TEST_REDIS_URL;
const secret = 'cluster-test-secret-shared-by-both-server-processes';
// a prefix of this run's own, so other runs on the same Redis share neither rooms nor presence with it.
const redisPrefix = `papo-cluster-test-${process.pid}-${Date.now()}`;

describe.skipIf(!redisUrl)('two server processes sharing Redis', () => {
  const servers: ServerProcess[] = [];
  let client1: TestClient;
  let client2: TestClient;

  beforeAll(async () => {
    const env = { JWT_SECRET: secret, REDIS_URL: redisUrl ?? '', REDIS_PREFIX: redisPrefix };
    servers.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])));
    // each process has a database of its own: user1 (id 1) signs in on the first, user2 (id 2) on the second.
    const password = 'Lua-cheia-sobre-o-rio-42';
    const create = (server: ServerProcess, username: string) =>
      runAdminCommand(['create-user', '--username', username, '--email', `${username}@example.com`], {
        env: { DATA_DIR: server.dataDir },
        password: async () => password,
        progress: () => {},
      });
    await create(servers[0]!, 'user1');
    await create(servers[1]!, 'user1');
    await create(servers[1]!, 'user2');
    client1 = await connectClient(servers[0]!.url, { token: await signInOver(servers[0]!.url, 'user1', password) });
    client2 = await connectClient(servers[1]!.url, { token: await signInOver(servers[1]!.url, 'user2', password) });
  }, 120_000);
  afterAll(async () => {
    client1?.disconnect();
    client2?.disconnect();
    await Promise.all(servers.map(stopServerProcess));
  }, 30_000);

  it("delivers a room event from one process to the other process's client", async () => {
    const joinedSeenBy1 = record(client1, 'user-joined');
    const viewOf2 = watchRoom(client2, '#barra', 2);
    const leftSeenBy2 = record(client2, 'user-left');

    expect(await request(client1, 'join', '#barra')).toEqual({ ok: true });
    expect(await request(client2, 'join', '#barra')).toEqual({ ok: true });
    await waitFor('user-joined from the other process', () => joinedSeenBy1.some(([p]) => p.user.id === 2));
    // presence is one Redis hop behind across nodes (decision 014): user 1 is in the list or announced after it.
    await waitFor('user 1 known on the other process', () => viewOf2.members.has(1));
    expect(viewOf2.repeated).toEqual([]);

    client1.disconnect();
    await waitFor('user-left from the other process', () => leftSeenBy2.some(([id]) => id === 1));
  });
});
