import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { repoRoot } from './process.js';

/**
 * better-sqlite3's binary for this Node, as the prebuilt archive its installer looks for in a local folder before
 * downloading or compiling (prebuild-install's `local-prebuilds`): an install then takes seconds instead of
 * compiling SQLite again, which is what an operator who builds once for many nodes does too. Returns the folder.
 */
export function localPrebuild(into: string): string {
  const module = path.join(repoRoot, 'node_modules/better-sqlite3');
  const { version } = JSON.parse(readFileSync(path.join(module, 'package.json'), 'utf8')) as { version: string };
  const archive = path.join(
    into,
    `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`,
  );
  const made = spawnSync('tar', ['-czf', archive, '-C', module, 'build/Release/better_sqlite3.node']);
  expect(made.status, made.stderr.toString()).toBe(0);
  return into;
}
