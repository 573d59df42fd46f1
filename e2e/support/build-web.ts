import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultWebDist, repoRoot } from './server.js';

/** A built web app: the folder the server should serve, and how to remove it when done. */
export interface WebBuild {
  dist: string;
  cleanup(): Promise<void>;
}

/**
 * Builds apps/web into a private temporary folder, so a build or a `npm run build` running at the same
 * time cannot swap the files under a test or a benchmark. Output is shown only on failure.
 * With PAPO_SKIP_BUILD=1 (CI builds once before testing) it uses the existing apps/web/dist instead.
 */
export async function buildWebApp(): Promise<WebBuild> {
  if (process.env.PAPO_SKIP_BUILD === '1') {
    if (!existsSync(join(defaultWebDist, 'index.html'))) {
      throw new Error('PAPO_SKIP_BUILD=1 but apps/web/dist/index.html is missing; run `npm run build` first');
    }
    return { dist: defaultWebDist, cleanup: async () => {} };
  }
  const dist = await mkdtemp(join(tmpdir(), 'papo-web-'));
  const started = Date.now();
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web', '--', '--outDir', dist, '--emptyOutDir'], {
    cwd: repoRoot,
    // NOTE: vitest sets NODE_ENV=test, and Vite would then bundle React's development build (StrictMode
    // mounting twice, every query sent twice); the specs test what users get.
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
  });
  const cleanup = () => rm(dist, { recursive: true, force: true });
  if (result.error || result.status !== 0) {
    await cleanup();
    throw new Error(`web build failed (${result.error?.message ?? `exit ${result.status}`}):\n${result.stdout}\n${result.stderr}`);
  }
  console.log(`web app built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { dist, cleanup };
}
