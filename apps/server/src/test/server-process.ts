import { type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { waitFor } from '../realtime/test-support.js';
import { spawnServer } from './process.js';

/** A port nothing listens on right now, for a child process or server the test starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** The server as a child process on a free port with a DATA_DIR of its own. */
export interface ServerProcess {
  child: ChildProcess;
  url: string;
  dataDir: string;
  /** Everything it printed so far, stdout and stderr interleaved. */
  output: string[];
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | NodeJS.Signals | null>;
}

/** Starts main.ts with `env` (on top of a port, a data dir and an empty database/mail setting) and waits for /healthz. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'papo-process-'));
  const vars = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DEMO_CONTENT: '0',
    ...env,
  };
  const child = spawnServer(vars);
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  );
  const server = { child, url: `http://127.0.0.1:${port}`, dataDir, output, exited };
  await untilHealthy(server);
  return server;
}

async function untilHealthy(server: Pick<ServerProcess, 'child' | 'url' | 'output'>): Promise<void> {
  const healthy = async () => {
    if (server.child.exitCode !== null || server.child.signalCode !== null)
      throw new Error(`server exited early:\n${server.output.join('')}`);
    return fetch(`${server.url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
  };
  await waitFor(`${server.url}/healthz`, healthy, 90_000).catch((error: Error) => {
    throw new Error(`${error.message}\n${server.output.join('')}`);
  });
}

/** SIGTERM (SIGKILL after 10 s), then removes the data dir. */
export async function stopServerProcess(server: ServerProcess): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGTERM');
    const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
    await server.exited;
    clearTimeout(timer);
  }
  await rm(server.dataDir, { recursive: true, force: true });
}
