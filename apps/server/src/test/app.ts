import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { Dialect } from '../db/database.js';
import { createTestDatabase, type TestDatabase } from './db.js';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  dataDir: string;
  /** Closes the app, then removes its database and data dir. */
  close(): Promise<void>;
}

/**
 * The whole app on a database of its own and a temporary DATA_DIR, logger off. `env` adds or
 * overrides variables (WEB_DIST points at a folder that does not exist unless given).
 */
export async function buildTestApp(opts: { dialect?: Dialect; env?: Record<string, string> } = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'papo-test-app-'));
  const database = await createTestDatabase(opts.dialect ?? 'sqlite');
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'),
      DEMO_CONTENT: '0',
      ...opts.env,
    });
    const app = await buildApp({ config, db: database.handle, logger: false });
    return {
      app,
      database,
      dataDir,
      async close() {
        await app.close();
        await database.destroy();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await database.destroy();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
