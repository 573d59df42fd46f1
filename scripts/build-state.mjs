// What `npm run build` makes and from what: `npm start` and the test helpers ask whether the build on disk is current
// (not older than any of its sources) before using it.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** The bundled server (`node apps/server/dist/main.mjs` starts it without tsx). */
export const serverEntry = join(repoRoot, 'apps/server/dist/main.mjs');
/** The bundled admin command. */
export const adminEntry = join(repoRoot, 'apps/server/dist/admin.mjs');
/** The web app's page, written last by its build. */
export const webEntry = join(repoRoot, 'apps/web/dist/index.html');

const shared = ['packages/contract/src', 'package-lock.json', 'package.json', 'tsconfig.base.json'];
const serverInputs = ['apps/server/src', 'apps/server/package.json', 'scripts/build-server.mjs', ...shared];
const webInputs = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/build',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  ...shared,
];
const skipped = new Set(['node_modules', 'dist', '.vite', 'test']);
// tests are not part of what a build makes; editing one does not make the build stale.
const testFile = /\.test\.tsx?$/;

/** The newest modification time among `inputs` (files or folders, walked), in ms. */
function newest(inputs) {
  let latest = 0;
  const visit = (path) => {
    const stats = statSync(path);
    if (stats.isDirectory()) {
      for (const name of readdirSync(path)) if (!skipped.has(name)) visit(join(path, name));
    } else if (!testFile.test(path) && stats.mtimeMs > latest) latest = stats.mtimeMs;
  };
  for (const input of inputs) if (existsSync(join(repoRoot, input))) visit(join(repoRoot, input));
  return latest;
}

function builtAt(file) {
  return existsSync(file) ? statSync(file).mtimeMs : undefined;
}

/**
 * Why a build is needed, or undefined when the one on disk is current: 'missing' or 'older than the sources'.
 * @param {'server' | 'web' | 'all'} part
 * @returns {string | undefined}
 */
export function buildNeeded(part = 'all') {
  const checks = [];
  if (part !== 'web') checks.push([serverEntry, serverInputs]);
  if (part !== 'server') checks.push([webEntry, webInputs]);
  let stale = false;
  for (const [entry, inputs] of checks) {
    const built = builtAt(entry);
    if (built === undefined) return 'missing';
    if (newest(inputs) > built) stale = true;
  }
  return stale ? 'older than the sources' : undefined;
}
