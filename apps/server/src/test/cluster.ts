import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../db/schema.js';
import { buildUser, type TestUser } from './users.js';
import { installErrorHandler } from '../lib/http-error.js';
import { realtimePlugin, type RealtimeOptions } from '../realtime/plugin.js';
import { tokens, waitFor, type TestClient } from '../realtime/test-support.js';
import { createTestDatabase, type TestDatabase } from './db.js';
import { createSocketPool } from './sockets.js';

const redisUrl = process.env.TEST_REDIS_URL;

/** Cluster tests need a Redis (TEST_REDIS_URL); without one they are reported as skipped. */
export const hasRedis = Boolean(redisUrl);

/** The Redis every node of one run shares, with key prefixes no other run uses. */
interface ClusterRedis {
  redisUrl: string;
  redisKey: string;
}

export interface ClusterNode {
  app: FastifyInstance;
  url: string;
}

export interface ClusterOptions {
  /** Part of the run's Redis key, so its channels say which test they belong to. */
  name: string;
  /** How many nodes; two unless told, and never fewer. */
  size?: number;
  /** Channel and conversation access of the realtime plugin, on the shared database. */
  realtime?: (db: Kysely<Database>) => Pick<RealtimeOptions, 'channels' | 'conversations' | 'nicknames'>;
  /** Registers the feature's routes on one node, after the realtime plugin. */
  routes(app: FastifyInstance, redis: ClusterRedis): Promise<void>;
}

export interface TestCluster {
  /** The database every node shares. */
  database: TestDatabase;
  /** At least two nodes, in the order they started. */
  nodes: readonly [ClusterNode, ClusterNode, ...ClusterNode[]];
  /** A verified member with no roles, named after the username, with a token every node accepts. */
  user(username: string): Promise<TestUser>;
  /** A connected socket on `node`, disconnected when the cluster closes. */
  connect(node: ClusterNode, token: string): Promise<TestClient>;
}

/**
 * Registers hooks that start the cluster before the suite's tests and close it after them; the
 * answer is usable inside tests and hooks.
 */
export function useCluster(options: ClusterOptions): TestCluster {
  let started: StartedCluster | undefined;
  beforeAll(async () => {
    started = await startCluster(options);
  });
  afterAll(() => started?.close());
  const running = () => {
    if (!started) throw new Error('the cluster has not started yet (use it inside tests and hooks)');
    return started;
  };
  return {
    get database() {
      return running().database;
    },
    get nodes() {
      return running().nodes;
    },
    user: (username) => running().user(username),
    connect: (node, token) => running().connect(node, token),
  };
}

interface StartedCluster extends TestCluster {
  /** Disconnects every socket, closes every node, then removes the database. */
  close(): Promise<void>;
}

/**
 * In-process nodes on one SQLite database and one Redis, resolved once the first node's adapter
 * counts them all. Built by hand rather than with buildApp so each run gets Redis channels of
 * its own (`redisKey`) and parallel test files cannot hear each other.
 */
async function startCluster(options: ClusterOptions): Promise<StartedCluster> {
  if (!redisUrl) throw new Error('TEST_REDIS_URL is not set');
  const redis: ClusterRedis = {
    redisUrl,
    redisKey: `papo-${options.name}-test-${process.pid}-${randomBytes(4).toString('hex')}`,
  };
  const database = await createTestDatabase('sqlite');
  const nodes: ClusterNode[] = [];
  const sockets = createSocketPool();
  const close = async () => {
    sockets.disconnectAll();
    await Promise.all(nodes.map((node) => node.app.close()));
    await database.destroy();
  };
  try {
    for (let i = 0; i < Math.max(2, options.size ?? 2); i += 1) nodes.push(await startNode(database, redis, options));
    await waitFor(
      'every node subscribed',
      async () => (await nodes[0]!.app.io.of('/').adapter.serverCount()) === nodes.length,
    );
  } catch (error) {
    await close();
    throw error;
  }
  // the loop starts at least two, which the tuple type tells the tests.
  const started = nodes as [ClusterNode, ClusterNode, ...ClusterNode[]];
  return {
    database,
    nodes: started,
    user: (username) => buildUser(started[0].app, { username, name: username, roles: [] }),
    connect: (node, token) => sockets.connect(node.url, token),
    close,
  };
}

async function startNode(database: TestDatabase, redis: ClusterRedis, options: ClusterOptions): Promise<ClusterNode> {
  const app = Fastify({ logger: false });
  try {
    app.decorate('db', database.handle.db);
    app.decorate('tokens', tokens);
    installErrorHandler(app);
    await app.register(realtimePlugin, { tokens, ...redis, ...options.realtime?.(database.handle.db) });
    await options.routes(app, redis);
    return { app, url: await app.listen({ host: '127.0.0.1', port: 0 }) };
  } catch (error) {
    await app.close();
    throw error;
  }
}
