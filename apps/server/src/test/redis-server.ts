import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { Redis } from 'ioredis';
import { waitFor } from '../realtime/test-support.js';
import { freePort } from './server-process.js';

/** Why tests that start their own Redis are skipped, or undefined when `redis-server` is on PATH. */
export const redisServerUnavailable: string | undefined = (() => {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return undefined;
  } catch {
    return 'no redis-server binary on PATH';
  }
})();

/** A Redis of the test's own on its own port (never the shared one), which the test may pause, stop and restart. */
export interface RedisServer {
  url: string;
  /** `CLIENT PAUSE ms ALL`: every client's commands wait that long, as a stalled Redis does. */
  pause(ms: number): Promise<void>;
  stop(): Promise<void>;
  /** Starts it again on the same port (empty: nothing is persisted). */
  start(): Promise<void>;
  destroy(): Promise<void>;
}

/** Starts on `port` when given (one a test has seen refused), else on a free one. */
export async function startRedisServer(port?: number): Promise<RedisServer> {
  port ??= await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    await waitFor(`redis on ${port}`, async () => {
      const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      probe.on('error', () => undefined);
      const ok = await probe.connect().then(
        () => probe.ping().then((pong) => pong === 'PONG'),
        () => false,
      );
      probe.disconnect();
      return ok;
    });
  };
  const stop = async () => {
    if (!child || child.exitCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  };
  await start();
  return {
    url,
    async pause(ms) {
      const control = new Redis(url);
      await control.call('CLIENT', 'PAUSE', String(ms), 'ALL');
      control.disconnect();
    },
    stop,
    start,
    destroy: stop,
  };
}
