// Child processes of a benchmark: servers and client workers talk to the parent over IPC.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Every child still running, so a run that fails or times out can end them all. */
const live = new Set<ChildProcess>();

/**
 * Runs `script` again as a child (`node --import tsx script ...args`) with an IPC channel. With
 * BENCH_CPU_PROF=<dir>, server children write a V8 CPU profile there when they end (open it in Chrome DevTools).
 */
export function child(
  script: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; nodeFlags?: string[] } = {},
): ChildProcess {
  const profile =
    process.env.BENCH_CPU_PROF && args[0] === 'serve'
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
      : [];
  const proc = spawn(process.execPath, [...profile, ...(options.nodeFlags ?? []), '--import', 'tsx', script, ...args], {
    cwd: repoRoot,
    env: options.env ?? process.env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  live.add(proc);
  proc.once('exit', () => live.delete(proc));
  return proc;
}

function endChildren(): void {
  for (const proc of live) proc.kill('SIGTERM');
}

/**
 * Ends these children (SIGTERM, then SIGKILL after `graceMs`) and resolves once every one has exited.
 * a measurement ends its own children and waits for them, so the next one neither shares the CPU with
 * a server still closing thousands of sockets nor has its own children ended by an abandoned run's cleanup.
 */
export async function stopChildren(procs: Iterable<ChildProcess>, graceMs = 30_000): Promise<void> {
  const running = [...procs].filter((proc) => proc.exitCode === null && proc.signalCode === null);
  const exited = Promise.all(running.map((proc) => once(proc, 'exit')));
  for (const proc of running) proc.kill('SIGTERM');
  const timer = setTimeout(() => running.forEach((proc) => proc.kill('SIGKILL')), graceMs);
  await exited.finally(() => clearTimeout(timer));
}

/** The child's next message of one type (a worker's `failed` rejects). */
export function next<T extends { type: string }>(proc: ChildProcess, type: T['type']): Promise<T> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`child exited (${code}) waiting for ${type}`));
    const onMessage = (message: T) => {
      if (message.type === 'failed')
        reject(new Error(`worker failed: ${(message as unknown as { error: string }).error}`));
      if (message.type !== type) return;
      proc.off('message', onMessage);
      proc.off('exit', onExit);
      resolve(message);
    };
    proc.on('message', onMessage);
    proc.once('exit', onExit);
  });
}

/** A run bounded in time; Once the timeout has won, the abandoned run's own failure is expected. */
export async function within<T>(label: string, ms: number, run: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${label} took longer than ${ms / 1000} s`)), ms);
  });
  run.catch(() => undefined);
  return Promise.race([run, timeout]).finally(() => clearTimeout(timer));
}

export const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
export const nowNs = () => process.hrtime.bigint();

/** Runs a benchmark's parent part: a failure prints one line, ends every child and sets the exit code. */
export async function runParent(main: () => Promise<void>): Promise<void> {
  await main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    endChildren();
    process.exitCode = 1;
  });
}
