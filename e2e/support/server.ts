import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { buildNeeded, serverEntry } from '../../scripts/build-state.mjs';

/** Absolute path of the repository root (this file lives in e2e/support). */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Where `npm run build` puts the web app. */
export const defaultWebDist = join(repoRoot, 'apps/web/dist');

/** A Papo server running as a child process on its own port and data folder. */
export interface RunningServer {
  url: string;
  dataDir: string;
  /** What the server wrote to stdout and stderr so far, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

export interface StartServerOptions {
  /** Folder of the built web app to serve; apps/web/dist when unset. */
  webDist?: string;
  /** Extra environment for the server; wins over the defaults below. */
  env?: Record<string, string>;
  readyTimeoutMs?: number;
  /**
   * Runs the server in a process group of its own with its output in this file, so it outlives the test process that
   * started it (a server shared by spec files, shared-server.ts); whoever holds its pid stops it.
   */
  detachedLog?: string;
}

// variables a developer may have exported for their own server; a test server must not pick them up.
const inheritedServerVars = [
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'REDIS_URL',
  'JWT_SECRET',
  'SMTP_URL',
  'PUBLIC_URL',
  'WEB_DIST',
];
const maxOutputChars = 64_000;

/** A port nobody listens on now (the kernel picks it), for a server the spec starts. */
export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('could not pick a free port'))));
    });
  });
}

/**
 * How a spec's server is started: the bundled server when `npm run build` made it from the current sources (CI builds
 * before testing: no tsx compiling the server at each start), else the sources through tsx.
 */
const serverCommand = buildNeeded('server') ? ['--import', 'tsx', 'apps/server/src/main.ts'] : [serverEntry];

/** How many times a start is tried when another process took the picked port before the server listened on it. */
const portAttempts = 3;

/**
 * Starts the server directly under node (so the child pid is the server itself),
 * with a fresh temporary DATA_DIR, and resolves once GET /readyz answers 200.
 */
export async function startServer(options: StartServerOptions = {}): Promise<StartedServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(options);
    } catch (error) {
      // spec files run side by side; the port was free when picked, but another server may bind it first.
      if (!(error instanceof PortTakenError) || attempt === portAttempts) throw error;
    }
  }
}

class PortTakenError extends Error {}

/** A server as started, with its pid (for whoever stops one started with `detachedLog`). */
interface StartedServer extends RunningServer {
  pid: number;
  /**
   * Stops the server's process and starts it again on the same port, data folder and database (what a deploy or a
   * crash and its restart do), resolving once it answers /readyz again; `whileDown` runs while nothing listens.
   */
  restart(whileDown?: () => Promise<void>): Promise<void>;
}

/** One run of the server's process: its pid, its output so far, and how to stop it (the data folder stays). */
interface ServerProcess {
  pid: number;
  output(): string;
  stopProcess(): Promise<void>;
}

async function startOnce(options: StartServerOptions): Promise<StartedServer> {
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'papo-e2e-'));
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of inheritedServerVars) delete env[name];
  Object.assign(env, {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DEMO_CONTENT: '0',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    WEB_DIST: options.webDist ?? defaultWebDist,
    ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
    ...options.env,
  });
  const removeData = () => rm(dataDir, { recursive: true, force: true });
  let current: ServerProcess;
  try {
    current = await launch(url, env, options);
  } catch (error) {
    await removeData();
    throw error;
  }
  return {
    url,
    dataDir,
    get pid() {
      return current.pid;
    },
    output: () => current.output(),
    async stop() {
      await current.stopProcess();
      await removeData();
    },
    async restart(whileDown) {
      await current.stopProcess();
      await whileDown?.();
      current = await launch(url, env, options);
    },
  };
}

/** Starts the server's process with `env` and resolves once GET /readyz at `url` answers 200. */
async function launch(url: string, env: NodeJS.ProcessEnv, options: StartServerOptions): Promise<ServerProcess> {
  const logFd = options.detachedLog === undefined ? undefined : openSync(options.detachedLog, 'a');
  const child = spawn(process.execPath, serverCommand, {
    cwd: repoRoot,
    env,
    stdio: logFd === undefined ? ['ignore', 'pipe', 'pipe'] : ['ignore', logFd, logFd],
    detached: logFd !== undefined,
  });
  if (logFd !== undefined) closeSync(logFd);
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-maxOutputChars);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const { detachedLog } = options;
  const readOutput =
    detachedLog === undefined ? () => output : () => readFileSync(detachedLog, 'utf8').slice(-maxOutputChars);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let hasExited = false;
  void exited.then(() => (hasExited = true));
  // if the test process dies without running stop(), the server must not outlive it (unless it is detached).
  const killOnExit = () => child.kill('SIGKILL');
  if (detachedLog === undefined) process.once('exit', killOnExit);

  const stopProcess = async () => {
    process.removeListener('exit', killOnExit);
    if (!hasExited) {
      child.kill('SIGTERM');
      const timedOut = await Promise.race([exited.then(() => false), delay(10_000).then(() => true)]);
      if (timedOut) {
        child.kill('SIGKILL');
        await exited;
      }
    }
  };

  const deadline = Date.now() + (options.readyTimeoutMs ?? 120_000);
  while (Date.now() < deadline) {
    if (hasExited) {
      await stopProcess();
      const message = `Papo server exited with code ${child.exitCode} before it was ready:\n${readOutput()}`;
      throw readOutput().includes('EADDRINUSE') ? new PortTakenError(message) : new Error(message);
    }
    try {
      const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) {
        // a detached server no longer keeps this process's event loop alive.
        if (detachedLog !== undefined) child.unref();
        const { pid } = child;
        if (pid === undefined) throw new Error('the Papo server answered but its process has no pid');
        return { pid, output: readOutput, stopProcess };
      }
    } catch {
      // Not listening yet; poll again.
    }
    await delay(100);
  }
  await stopProcess();
  throw new Error(`Papo server did not answer 200 on /readyz within the timeout:\n${readOutput()}`);
}
