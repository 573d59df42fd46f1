import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { touches } from '../db/changes.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase, type DatabaseHandle, type Dialect } from '../db/database.js';
import { createTestDatabase, type TestDatabase } from './db.js';

export interface TwoNodes {
  nodes: [FastifyInstance, FastifyInstance];
  database: TestDatabase;
  close(): Promise<void>;
}

export interface TwoNodesOptions {
  /**
   * The second node opens its own connection to the database file, as a second process would, so a write on
   * one reaches the other's memory only through Redis (not through a shared connection's state).
   */
  ownConnections?: boolean;
  /** The database both nodes share; SQLite unless told. */
  dialect?: Dialect;
}

/**
 * Two whole apps (buildApp) on one database (SQLite unless told) and one Redis, as two nodes behind a load balancer,
 * for what the cluster helper's hand-built nodes do not carry (HTTP routes with their caches).
 */
export async function startTwoNodes(
  redisUrl: string,
  env: Record<string, string> = {},
  opts: TwoNodesOptions = {},
): Promise<TwoNodes> {
  const database = await createTestDatabase(opts.dialect ?? 'sqlite');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'papo-two-nodes-'));
  // the nodes share their uploads through UPLOADS_URL, as two machines must (decision 025).
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    DEMO_CONTENT: '0',
    REDIS_URL: redisUrl,
    UPLOADS_URL: path.join(dataDir, 'shared-uploads'),
    ...env,
  });
  const nodes: FastifyInstance[] = [];
  const own = () => openDatabase(database.url ? { url: database.url } : { sqliteFile: database.sqliteFile! });
  const second: DatabaseHandle = opts.ownConnections ? own() : database.handle;
  const close = async () => {
    await Promise.all(nodes.map((node) => node.close()));
    if (second !== database.handle) await second.close();
    await database.destroy();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    for (const handle of [database.handle, second]) nodes.push(await buildApp({ config, db: handle, logger: false }));
  } catch (error) {
    await close();
    throw error;
  }
  return { nodes: nodes as [FastifyInstance, FastifyInstance], database, close };
}

/**
 * Settles when `node` hears, from another node, a write of `source` (a table, or a member's rows: `users:42`; a write
 * of the whole table counts for a member's rows). Other test files share the Redis; only this source counts.
 */
export function heardWrite(node: FastifyInstance, source: string): Promise<void> {
  return new Promise((resolve) => {
    const listener = (sources: readonly string[]) => {
      if (!sources.some((written) => touches(written, source))) return;
      node.caches.events.off('heard', listener);
      resolve();
    };
    node.caches.events.on('heard', listener);
  });
}
