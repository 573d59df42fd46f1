import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnScript } from '../test/process.js';
import {
  connectUser,
  presenceSettled,
  request,
  startRealtimeApp,
  waitFor,
  watchRoom,
  type TestClient,
} from './test-support.js';

const redisUrl = process.env.TEST_REDIS_URL;
// short presence timings so a dead node is noticed quickly: gone within deadAfterMs + heartbeatMs.
const timings = { heartbeatMs: 200, deadAfterMs: 600 };
const statedBoundMs = timings.deadAfterMs + timings.heartbeatMs;

describe.skipIf(!redisUrl)('presence across nodes sharing Redis', () => {
  const redisKey = `papo-presence-test-${process.pid}-${randomBytes(4).toString('hex')}`;
  const nodes: { app: FastifyInstance; url: string }[] = [];
  const open: TestClient[] = [];
  let doomed: ChildProcess | undefined;
  const tab = async (node: { url: string }, userId: number) => {
    const client = await connectUser(node.url, userId);
    open.push(client);
    return client;
  };
  const settled = () => Promise.all(nodes.map(({ app }) => presenceSettled(app)));

  beforeAll(async () => {
    for (let i = 0; i < 2; i += 1) nodes.push(await startRealtimeApp({ redisUrl, redisKey, presence: timings }));
    await waitFor('both nodes subscribed', async () => (await nodes[0]!.app.io.of('/').adapter.serverCount()) === 2);
  });
  afterAll(async () => {
    for (const client of open) client.disconnect();
    doomed?.kill('SIGKILL');
    await Promise.all(nodes.map(({ app }) => app.close()));
  });

  it('lists and announces users of both nodes once each, whichever node their tabs are on', async () => {
    const [a, b] = [nodes[0]!, nodes[1]!];
    const watchA = await tab(a, 1);
    const watchB = await tab(b, 2);
    const viewA = watchRoom(watchA, '#rio', 1);
    const viewB = watchRoom(watchB, '#rio', 2);
    await request(watchA, 'join', '#rio');
    await request(watchB, 'join', '#rio');

    // users 10–19 join at once, half on each node; user 10 has a tab on both.
    const ids = Array.from({ length: 10 }, (_, i) => 10 + i);
    const storm = await Promise.all(ids.map((id, i) => tab(i % 2 === 0 ? a : b, id)));
    const otherTab = await tab(b, 10);
    await Promise.all([...storm, otherTab].map((client) => request(client, 'join', '#rio')));
    const expected = [1, 2, ...ids];
    await waitFor(
      'every join reached both watchers',
      () => viewA.members.size === expected.length && viewB.members.size === expected.length,
    );

    await request(storm[0]!, 'leave', '#rio');
    await request(storm[1]!, 'leave', '#rio');
    await waitFor('user 11 left everywhere', () => !viewA.members.has(11) && !viewB.members.has(11));
    await settled();
    await Promise.all([watchA, watchB].map((client) => request(client, 'leave', '#nowhere')));

    const stayed = expected.filter((id) => id !== 11);
    for (const view of [viewA, viewB]) {
      expect([...view.members].sort((x, y) => x - y)).toEqual(stayed);
      expect(view.repeated).toEqual([]);
      expect(view.ghosts).toEqual([]);
      for (const id of ids) expect(view.joinsSeen.filter((seen) => seen === id)).toHaveLength(1);
    }

    const newcomer = await tab(a, 3);
    const lists = watchRoom(newcomer, '#rio', 3);
    await request(newcomer, 'join', '#rio');
    expect([...lists.members].sort((x, y) => x - y)).toEqual([...stayed, 3].sort((x, y) => x - y));
  });

  it(`drops the users of a node that dies (stated bound: ${statedBoundMs} ms after its last heartbeat)`, async () => {
    doomed = spawnScript('apps/server/src/realtime/test-node.ts', [], {
      REDIS_URL: redisUrl!,
      REDIS_KEY: redisKey,
      HEARTBEAT_MS: String(timings.heartbeatMs),
      DEAD_AFTER_MS: String(timings.deadAfterMs),
    });
    const url = await new Promise<string>((resolve, reject) => {
      doomed!.stdout!.setEncoding('utf8').once('data', (line: string) => resolve(line.trim()));
      doomed!.once('exit', (code) => reject(new Error(`the node exited (${code})`)));
    });
    const watcher = await tab(nodes[0]!, 40);
    const view = watchRoom(watcher, '#porto', 40);
    await request(watcher, 'join', '#porto');
    for (const id of [41, 42]) await request(await tab({ url }, id), 'join', '#porto');
    await waitFor('the doomed node users listed', () => view.members.has(41) && view.members.has(42));

    doomed.kill('SIGKILL');
    // the wait allows for a loaded machine; the bound itself is the heartbeat's arithmetic.
    await waitFor('the dead node users gone', () => !view.members.has(41) && !view.members.has(42), statedBoundMs * 5);
    expect(view.ghosts).toEqual([]);
    const newcomer = await tab(nodes[1]!, 43);
    const lists = watchRoom(newcomer, '#porto', 43);
    await request(newcomer, 'join', '#porto');
    expect([...lists.members].sort()).toEqual([40, 43]);
  });
});
