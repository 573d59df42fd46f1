// Process helpers shared by the API benches (bench/api.ts, bench/api-pieces.ts).
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Clock ticks per second of /proc's CPU times (`getconf CLK_TCK`, 100 on Linux). */
const ticksPerSecond = 100;

/** CPU time (user + system, µs) a process has used so far, from /proc; undefined where /proc is not there. */
export function cpuMicros(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / ticksPerSecond;
  } catch {
    return undefined;
  }
}

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

/** Polls until the process answers `GET url`, or fails when it exits first. */
export async function waitUntilUp(child: ChildProcess, url: string): Promise<void> {
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`the server exited with ${String(code)} before it answered`);
  });
  const up = (async () => {
    for (;;) {
      try {
        if ((await fetch(url)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  await Promise.race([up, exited]);
}

