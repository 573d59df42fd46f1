import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server-process.js';

const run = promisify(execFile);

/** The newest PostgreSQL server binaries installed (`/usr/lib/postgresql/<n>/bin`), or undefined. */
const postgresBin: string | undefined = (() => {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).filter((name) => existsSync(path.join(root, name, 'bin', 'pg_ctl')));
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  return newest ? path.join(root, newest, 'bin') : undefined;
})();

/** Why the tests that start their own PostgreSQL are skipped, or undefined when they can run. */
export const postgresServerUnavailable = postgresBin
  ? undefined
  : 'no PostgreSQL server binaries under /usr/lib/postgresql/*/bin';

/**
 * A PostgreSQL cluster of the test's own, on its own port in a temp dir, never the shared one: a test may stop it
 * (`pg_ctl stop -m immediate`, as a crash, failover or restart does) and start it again.
 */
export interface PostgresServer {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`. */
  url: string;
  stop(mode?: 'immediate' | 'fast'): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its files. */
  destroy(): Promise<void>;
}

/** Runs a PostgreSQL binary as the `postgres` user when we are root (the server refuses to run as root). */
async function pgRun(binary: string, args: string[]): Promise<void> {
  const file = path.join(postgresBin ?? '', binary);
  if (userInfo().uid === 0) await run('runuser', ['-u', 'postgres', '--', file, ...args]);
  else await run(file, args);
}

export async function startPostgresServer(): Promise<PostgresServer> {
  if (!postgresBin) throw new Error(postgresServerUnavailable);
  const dir = await mkdtemp(path.join(tmpdir(), 'papo-pg-'));
  const data = path.join(dir, 'data');
  if (userInfo().uid === 0) {
    const ids = await run('id', ['-u', 'postgres']).then(async ({ stdout }) => ({
      uid: Number(stdout),
      gid: Number((await run('id', ['-g', 'postgres'])).stdout),
    }));
    await chown(dir, ids.uid, ids.gid);
  }
  await chmod(dir, 0o700);
  await pgRun('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '--no-instructions', '-E', 'UTF8']);
  const port = await freePort();
  // fsync off (an immediate stop is not an OS crash, so nothing is lost) and a socket dir of its own: fast, and nothing shared with the machine's PostgreSQL.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const start = () =>
    pgRun('pg_ctl', ['start', '-D', data, '-w', '-t', '30', '-l', path.join(dir, 'log'), '-o', options]);
  const stop = (mode: 'immediate' | 'fast' = 'fast') => pgRun('pg_ctl', ['stop', '-D', data, '-w', '-m', mode]);
  await start();
  let running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop(mode) {
      await stop(mode);
      running = false;
    },
    async start() {
      await start();
      running = true;
    },
    async destroy() {
      if (running) await stop('immediate').catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
