import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '../lib/tokens.js';
import { connectClient, record, request, userClaims, waitFor, type TestClient } from './test-support.js';

const redisUrl = process.env.TEST_REDIS_URL;
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const secret = 'cluster-test-secret-shared-by-both-server-processes';
// NOTE: a prefix of this run's own, so other runs on the same Redis share neither rooms nor presence with it.
const redisPrefix = `papo-cluster-test-${process.pid}-${Date.now()}`;

interface ServerProcess {
  child: ChildProcess;
  url: string;
  dataDir: string;
  output: string[];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function startServer(): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'papo-cluster-'));
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JWT_SECRET: secret,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    LOG_LEVEL: 'warn',
    DEMO_CONTENT: '0',
    // NOTE: empty means unset to loadConfig; the processes must not pick up a database or mail server from the caller.
    DATABASE_URL: '',
    SMTP_URL: '',
  };
  // NOTE: node itself, not npx, so SIGTERM reaches the server and not a wrapper.
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  return { child, url: `http://127.0.0.1:${port}`, dataDir, output };
}

async function untilHealthy(server: ServerProcess): Promise<void> {
  const healthy = async () => {
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output.join('')}`);
    return fetch(`${server.url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
  };
  await waitFor(`${server.url}/healthz`, healthy, 20_000).catch((error: Error) => {
    throw new Error(`${error.message}\n${server.output.join('')}`);
  });
}

async function stopServer(server: ServerProcess): Promise<void> {
  if (server.child.exitCode === null) {
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  await rm(server.dataDir, { recursive: true, force: true });
}

describe.skipIf(!redisUrl)('two server processes sharing Redis', () => {
  const tokens = createTokenService(secret);
  const servers: ServerProcess[] = [];
  let client1: TestClient;
  let client2: TestClient;

  beforeAll(async () => {
    servers.push(await startServer(), await startServer());
    await Promise.all(servers.map(untilHealthy));
    client1 = await connectClient(servers[0]!.url, { token: await tokens.signAccessToken(userClaims(1)) });
    client2 = await connectClient(servers[1]!.url, { token: await tokens.signAccessToken(userClaims(2)) });
  }, 30_000);
  afterAll(async () => {
    client1?.disconnect();
    client2?.disconnect();
    await Promise.all(servers.map(stopServer));
  }, 30_000);

  it("delivers a room event from one process to the other process's client", async () => {
    const joinedSeenBy1 = record(client1, 'user-joined');
    const listsOn2 = record(client2, 'users');
    const leftSeenBy2 = record(client2, 'user-left');

    expect(await request(client1, 'join', '#barra')).toEqual({ ok: true });
    expect(await request(client2, 'join', '#barra')).toEqual({ ok: true });
    await waitFor('user-joined from the other process', () => joinedSeenBy1.some(([p]) => p.user.id === 2));
    expect(listsOn2[0]?.[0]).toEqual(expect.arrayContaining([{ id: 1, nickname: 'user1', level: 0 }]));

    client1.disconnect();
    await waitFor('user-left from the other process', () => leftSeenBy2.some(([id]) => id === 1));
  });
});
