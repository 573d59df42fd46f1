import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { buildNeeded, serverEntry } from '../../../../scripts/build-state.mjs';

/** The repository root; child processes run from here, as `npm run …` does. */
export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * A clean environment for a child process: only PATH and HOME from ours, so a developer's own
 * DATABASE_URL or JWT_SECRET cannot leak into a test.
 */
/**
 * Builds the tree when it is older than its sources, as `npm start` would: CI builds before the tests, so this only
 * runs for a developer's stale checkout. Whether the build succeeded is the caller's to assert.
 */
export function buildIfStale(): number | null {
  if (!buildNeeded()) return 0;
  return spawnSync('npm', ['run', 'build'], {
    cwd: repoRoot,
    stdio: 'ignore',
    env: { ...process.env, NODE_ENV: 'production' },
  }).status;
}

export function childEnv(vars: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, ...vars };
}

/** Starts `node --import tsx <script>` directly (no npx), so the pid is the script itself. */
export function spawnScript(script: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: repoRoot,
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/**
 * Starts the server (main) as a child process: the bundle when `npm run build` made it from the current sources (CI
 * builds first: no tsx compiling the whole server at each start), else main.ts through tsx.
 */
export function spawnServer(env: Record<string, string>): ChildProcess {
  if (buildNeeded('server')) return spawnScript('apps/server/src/main.ts', [], env);
  return spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export interface ScriptResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Collects a child's output until it exits and its streams close; call it right after spawning. */
export async function collect(child: ChildProcess): Promise<ScriptResult> {
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const [code, signal] = (await once(child, 'close')) as [number | null, NodeJS.Signals | null];
  return { code, signal, stdout, stderr };
}

/**
 * Signs `username` in at the node `url` as a browser does (`/api/login_check`): an access token of a real sign-in,
 * as a node accepts only those.
 */
export async function signInOver(url: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`signing ${username} in answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

export function runScript(script: string, args: string[], env: Record<string, string>): Promise<ScriptResult> {
  return collect(spawnScript(script, args, env));
}
