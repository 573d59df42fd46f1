// The whole Papo app on a fresh SQLite database with `count` bench accounts, their signed tokens and the bench's channels.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';

export interface BenchPapo {
  app: FastifyInstance;
  url: string;
  tokens: string[];
}

/**
 * the accounts are made in the same order on every node, so their ids and tokens agree. With `password`, every
 * account signs in with it (hashed once: the same hash for all), as IRC clients must.
 */
export async function startBenchPapo(options: {
  count: number;
  room: string | readonly string[];
  env?: Record<string, string>;
  password?: string;
}): Promise<BenchPapo> {
  const { buildApp } = await import('../../apps/server/src/app.js');
  const { loadConfig } = await import('../../apps/server/src/config.js');
  const { insertUser } = await import('../../apps/server/src/features/users/repo.js');
  const { hashPassword } = await import('../../apps/server/src/lib/passwords.js');
  const passwordHash = options.password === undefined ? null : await hashPassword(options.password);
  const dataDir = await mkdtemp(join(tmpdir(), 'papo-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST: join(dataDir, 'none'),
    DEMO_CONTENT: '0',
    LOG_LEVEL: 'warn',
    ...options.env,
  });
  const app = await buildApp({ config });
  const names = typeof options.room === 'string' ? [options.room] : options.room;
  await app.db
    .insertInto('channels')
    .values(names.map((name) => ({ name })))
    .execute();
  const ids = await app.db.transaction().execute(async (trx) => {
    const created: number[] = [];
    for (let i = 0; i < options.count; i++) {
      created.push(
        await insertUser(trx, {
          name: `Bench ${i}`,
          username: `bench${i}`,
          email: `bench${i}@example.com`,
          passwordHash,
          roles: ['ROLE_USER'],
          verified: true,
        }),
      );
    }
    return created;
  });
  const tokens = await Promise.all(
    ids.map((userId, i) =>
      app.tokens.signAccessToken({ userId, username: `bench${i}`, roles: ['ROLE_USER'], sessionId: randomUUID() }),
    ),
  );
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  // the parent ends this process with SIGTERM; the temporary database goes with it.
  process.once(
    'SIGTERM',
    () => void app.close().finally(() => rm(dataDir, { recursive: true, force: true }).finally(() => process.exit(0))),
  );
  return { app, url, tokens };
}
