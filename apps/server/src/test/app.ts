import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type BuildAppOptions } from '../app.js';
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

export interface TestAppOptions {
  dialect?: Dialect;
  env?: Record<string, string>;
  /** How outside names resolve (the app's own option): tests never look a real name up. */
  resolver?: BuildAppOptions['resolver'];
  /** The app's logger (default: off). */
  logger?: BuildAppOptions['logger'];
}

/**
 * The whole app on a database of its own and a temporary DATA_DIR, logger off unless given. `env` adds or
 * overrides variables (WEB_DIST points at a folder that does not exist unless given).
 */
export async function buildTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
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
    const app = await buildApp({ config, db: database.handle, logger: opts.logger ?? false, resolver: opts.resolver });
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

/**
 * The app of one describe block: built before its tests, closed after them (the hooks are registered here).
 * `app` and `dataDir` may be read in hooks and tests, not while the block is being declared.
 */
export function useTestApp(opts: TestAppOptions = {}): Pick<TestApp, 'app' | 'dataDir'> {
  let built: TestApp | undefined;
  beforeAll(async () => {
    built = await buildTestApp(opts);
  });
  afterAll(() => built?.close());
  const current = () => {
    if (!built) throw new Error('the test app is built in beforeAll: read it in a hook or a test');
    return built;
  };
  return {
    get app() {
      return current().app;
    },
    get dataDir() {
      return current().dataDir;
    },
  };
}
