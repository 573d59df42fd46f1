import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { defaultWebDist, repoRoot } from './server.js';

/** A built web app: the folder the server should serve, and how to remove it when done. */
export interface WebBuild {
  dist: string;
  cleanup(): Promise<void>;
}

/** The existing apps/web/dist when PAPO_SKIP_BUILD=1 (CI builds once before testing), else undefined. */
function skippedBuild(): WebBuild | undefined {
  if (process.env.PAPO_SKIP_BUILD !== '1') return undefined;
  if (!existsSync(join(defaultWebDist, 'index.html'))) {
    throw new Error('PAPO_SKIP_BUILD=1 but apps/web/dist/index.html is missing; run `npm run build` first');
  }
  return { dist: defaultWebDist, cleanup: async () => {} };
}

/** `npm run build -w apps/web` into `outDir`; output is shown only on failure. */
function runBuild(outDir: string): void {
  const started = Date.now();
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web', '--', '--outDir', outDir, '--emptyOutDir'], {
    cwd: repoRoot,
    // vitest sets NODE_ENV=test, and Vite would then bundle React's development build (StrictMode
    // mounting twice, every query sent twice); the specs test what users get.
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
  });
  if (result.error || result.status !== 0) {
    throw new Error(
      `web build failed (${result.error?.message ?? `exit ${result.status}`}):\n${result.stdout}\n${result.stderr}`,
    );
  }
  console.log(`web app built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Builds apps/web into a private temporary folder, so a build or a `npm run build` running at the same
 * time cannot swap the files under a test or a benchmark. Output is shown only on failure.
 * With PAPO_SKIP_BUILD=1 (CI builds once before testing) it uses the existing apps/web/dist instead.
 */
export async function buildWebApp(): Promise<WebBuild> {
  const skipped = skippedBuild();
  if (skipped) return skipped;
  const dist = await mkdtemp(join(tmpdir(), 'papo-web-'));
  const cleanup = () => rm(dist, { recursive: true, force: true });
  try {
    runBuild(dist);
  } catch (error) {
    await cleanup();
    throw error;
  }
  return { dist, cleanup };
}

// what a web build is made from; a change to any of these files is a new build.
const buildInputs = ['apps/web', 'packages/contract', 'package-lock.json', 'package.json', 'tsconfig.base.json'];
const skippedNames = new Set(['node_modules', 'dist', '.vite']);
const cacheRoot = join(repoRoot, 'node_modules/.cache/papo-web-build');
const completeMarker = '.complete';
const staleLockMs = 5 * 60_000;
const keptBuilds = 3;

/** Hash of the build's inputs: every file's path and content (a few hundred files, read in milliseconds). */
function webSourcesHash(): string {
  const hash = createHash('sha256');
  const visit = (path: string) => {
    const stats = statSync(path);
    if (stats.isDirectory()) {
      for (const name of readdirSync(path).sort()) if (!skippedNames.has(name)) visit(join(path, name));
      return;
    }
    hash.update(relative(repoRoot, path)).update('\0').update(readFileSync(path)).update('\0');
  };
  for (const input of buildInputs) if (existsSync(join(repoRoot, input))) visit(join(repoRoot, input));
  return hash.digest('hex').slice(0, 16);
}

/** Keeps the newest few finished builds: old keys are never asked for again. */
async function pruneBuilds(keep: string): Promise<void> {
  const entries = await Promise.all(
    readdirSync(cacheRoot)
      .filter((name) => /^[0-9a-f]{16}$/.test(name) && name !== keep)
      .map(async (name) => ({ name, time: (await stat(join(cacheRoot, name))).mtimeMs })),
  );
  entries.sort((a, b) => b.time - a.time);
  for (const { name } of entries.slice(keptBuilds - 1))
    await rm(join(cacheRoot, name), { recursive: true, force: true });
}

/**
 * The web build of the current sources, made once and kept on disk under node_modules/.cache, keyed by the
 * sources' hash: the server's rendered-page tests and the e2e specs share it across test files and runs. A
 * finished build's folder never changes (a new source is a new key), so nobody's files are swapped under them.
 * Concurrent callers (test files in parallel workers) wait for the one that builds, through a lock folder.
 * With PAPO_SKIP_BUILD=1 it uses the existing apps/web/dist instead.
 */
export async function cachedWebBuild(): Promise<WebBuild> {
  const skipped = skippedBuild();
  if (skipped) return skipped;
  const key = webSourcesHash();
  const dist = join(cacheRoot, key);
  const lock = `${dist}.lock`;
  const found: WebBuild = { dist, cleanup: async () => {} };
  await mkdir(cacheRoot, { recursive: true });
  for (;;) {
    if (existsSync(join(dist, completeMarker))) return found;
    try {
      await mkdir(lock);
    } catch {
      // someone else is building this key; a lock left by a killed process is taken over after a while.
      const age = Date.now() - ((await stat(lock).catch(() => undefined))?.mtimeMs ?? Date.now());
      if (age > staleLockMs) await rm(lock, { recursive: true, force: true });
      else await delay(500);
      continue;
    }
    try {
      if (existsSync(join(dist, completeMarker))) return found;
      const building = `${dist}.tmp-${process.pid}`;
      await rm(building, { recursive: true, force: true });
      try {
        runBuild(building);
        await writeFile(join(building, completeMarker), `${new Date().toISOString()}\n`);
        // a finished build is never replaced (someone may be serving it): possible only if this build took over
        // a lock it thought stale while the first builder was still at work.
        if (!existsSync(join(dist, completeMarker))) {
          await rm(dist, { recursive: true, force: true });
          await rename(building, dist);
        }
      } finally {
        await rm(building, { recursive: true, force: true });
      }
      await pruneBuilds(key);
      return found;
    } finally {
      await rm(lock, { recursive: true, force: true });
    }
  }
}
