import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { startServer, type RunningServer } from './server.js';

/**
 * Servers shared by the spec files that only read (the demo site's pages, head and crawl checks): the first spec that
 * asks for one with a given environment starts it, in whichever worker it runs; the others use it; the e2e global
 * teardown stops them all (`stopSharedServers`). A spec that writes anything keeps a server of its own
 * (useBrowserSuite without `shared`), so no spec sees another's changes. Each server's state lives in `dir`
 * (one folder per run, made by the global setup): `<key>.json` once it is ready, `<key>.log` its output.
 */

interface SharedState {
  url: string;
  dataDir: string;
  pid: number;
}

async function readState(path: string): Promise<SharedState> {
  const state: unknown = JSON.parse(await readFile(path, 'utf8'));
  if (
    typeof state === 'object' &&
    state !== null &&
    'url' in state &&
    typeof state.url === 'string' &&
    'dataDir' in state &&
    typeof state.dataDir === 'string' &&
    'pid' in state &&
    typeof state.pid === 'number' &&
    state.pid > 0
  ) {
    return { url: state.url, dataDir: state.dataDir, pid: state.pid };
  }
  throw new Error(`${path} does not describe a shared server`);
}

function keyOf(env: Record<string, string>): string {
  const sorted = Object.keys(env)
    .sort()
    .map((name) => [name, env[name]]);
  return createHash('sha256').update(JSON.stringify(sorted)).digest('hex').slice(0, 16);
}

/** Takes the folder lock `path`, waiting while another worker holds it (it is starting the server). */
async function lock(path: string): Promise<() => Promise<void>> {
  for (;;) {
    try {
      await mkdir(path);
      return () => rm(path, { recursive: true, force: true });
    } catch {
      await delay(200);
    }
  }
}

export async function sharedServer(
  dir: string,
  options: { webDist: string; env: Record<string, string> },
): Promise<RunningServer> {
  const key = keyOf(options.env);
  const statePath = join(dir, `${key}.json`);
  const logPath = join(dir, `${key}.log`);
  const unlock = await lock(join(dir, `${key}.lock`));
  let state: SharedState;
  try {
    if (existsSync(statePath)) {
      state = await readState(statePath);
    } else {
      const started = await startServer({ webDist: options.webDist, env: options.env, detachedLog: logPath });
      state = { url: started.url, dataDir: started.dataDir, pid: started.pid };
      await writeFile(statePath, JSON.stringify(state));
    }
  } finally {
    await unlock();
  }
  return {
    url: state.url,
    dataDir: state.dataDir,
    output: () => readFileSync(logPath, 'utf8').slice(-64_000),
    // other spec files use it after this one; the global teardown stops it.
    stop: async () => {},
  };
}

/** Whether `pid` is alive; an exited server nobody has reaped yet (its parent worker ended first) counts as stopped. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** Stops every server started in `dir` (SIGTERM, then SIGKILL after 10 s), removes their data and the folder. */
export async function stopSharedServers(dir: string): Promise<void> {
  const states = readdirSync(dir).filter((name) => name.endsWith('.json'));
  for (const name of states) {
    const state = await readState(join(dir, name));
    if (isRunning(state.pid)) {
      process.kill(state.pid, 'SIGTERM');
      const deadline = Date.now() + 10_000;
      while (isRunning(state.pid) && Date.now() < deadline) await delay(100);
      if (isRunning(state.pid)) process.kill(state.pid, 'SIGKILL');
    }
    await rm(state.dataDir, { recursive: true, force: true });
  }
  await rm(dir, { recursive: true, force: true });
}
