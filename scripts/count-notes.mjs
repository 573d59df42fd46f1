// `npm run notes`: how many `NOTE:` comments the code holds. A comment says why; `NOTE:` marks the few whose why is
// truly surprising, so the count is capped (`--max N`, set in package.json; `npm run lint` runs it) to keep the mark
// meaning something.
//   --list     also print every occurrence as file:line and its text
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const folders = ['apps', 'packages', 'scripts', 'e2e', 'bench', 'eslint'];
const skipped = new Set(['node_modules', 'dist', '.cache']);
const code = /\.(ts|tsx|mts|js|mjs|cjs)$/;
// The mark anywhere in a comment: after `//` or `/*` on its line, or on a JSDoc line (`* …`). This file, which names
// the mark, is not counted.
const mark = /^\s*\*.*NOTE:|(\/\/|\/\*).*NOTE:/;
const self = fileURLToPath(import.meta.url);

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!skipped.has(entry.name)) yield* files(join(dir, entry.name));
    } else if (code.test(entry.name) && join(dir, entry.name) !== self) yield join(dir, entry.name);
  }
}

const args = process.argv.slice(2);
const maxAt = args.indexOf('--max');
const max = maxAt >= 0 ? Number(args[maxAt + 1]) : Infinity;
const found = [];
for (const folder of folders)
  for (const file of files(join(root, folder)))
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if (mark.test(line)) found.push(`${relative(root, file)}:${index + 1}: ${line.trim()}`);
      });
if (args.includes('--list')) for (const line of found) console.log(line);
console.log(`NOTE: comments: ${found.length} (at most ${max})`);
if (found.length > max) process.exitCode = 1;
