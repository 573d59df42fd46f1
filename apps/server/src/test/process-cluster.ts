import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { insertUser } from '../features/users/repo.js';
import { createTokenService } from '../lib/tokens.js';
import { connectClient, type TestClient } from '../realtime/test-support.js';
import { createTestDatabase, hasPostgres, type TestDatabase } from './db.js';
import { redisServerUnavailable, startRedisServer, type RedisServer } from './redis-server.js';
import { startServerProcess, stopServerProcess, type ServerProcess } from './server-process.js';
import { insertSignIn } from './users.js';

const secret = 'process-cluster-test-secret-long-enough-0123456789';

/** Two real server processes on one PostgreSQL database and a Redis of the test's own (which it may pause or stop). */
export interface ProcessCluster {
  database: TestDatabase;
  redis: RedisServer;
  nodes: [ServerProcess, ServerProcess];
  /** A verified account and a token both nodes accept. */
  account(username: string, roles?: string[]): Promise<{ userId: number; token: string }>;
  /** A socket on `node`, disconnected by `close`. */
  connect(node: ServerProcess, token: string): Promise<TestClient>;
  close(): Promise<void>;
}

/** ` (skipped: …)` for a suite title when the cluster cannot start here, else ''. */
export function processClusterSkipReason(): string {
  const missing = [!hasPostgres && 'TEST_DATABASE_URL is not set', redisServerUnavailable].filter(Boolean);
  return missing.length ? ` (skipped: ${missing.join('; ')})` : '';
}

/** Needs TEST_DATABASE_URL and `redis-server` on PATH (see `redisServerUnavailable`). */
export async function startProcessCluster(): Promise<ProcessCluster> {
  const database = await createTestDatabase('postgres');
  const redis = await startRedisServer();
  // each process has a DATA_DIR of its own, as on two machines; their uploads are in one folder they share.
  const uploads = await mkdtemp(path.join(tmpdir(), 'papo-shared-uploads-'));
  const env = { DATABASE_URL: database.url!, REDIS_URL: redis.url, JWT_SECRET: secret, UPLOADS_URL: uploads };
  const nodes: [ServerProcess, ServerProcess] = [await startServerProcess(env), await startServerProcess(env)];
  const tokens = createTokenService(secret);
  const clients: TestClient[] = [];
  return {
    database,
    redis,
    nodes,
    async account(username, roles = ['ROLE_USER']) {
      const userId = await insertUser(database.handle.db, {
        name: username,
        username,
        email: `${username}@example.com`,
        passwordHash: null,
        roles,
        verified: true,
      });
      const sessionId = await insertSignIn(database.handle.db, userId);
      return { userId, token: await tokens.signAccessToken({ userId, username, roles, sessionId }) };
    },
    async connect(node, token) {
      const client = await connectClient(node.url, { token });
      clients.push(client);
      return client;
    },
    async close() {
      for (const client of clients) client.disconnect();
      await Promise.all(nodes.map(stopServerProcess));
      await redis.destroy();
      await database.destroy();
      await rm(uploads, { recursive: true, force: true });
    },
  };
}
