import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * A source scan for the caches whose writers announce their changes (member reads, latest-topic): which server
 * files write the given tables, so a test can fail when a new writer forgets to announce.
 */

const root = fileURLToPath(new URL('../', import.meta.url));

/** Server source files, outside migrations, tests and fuzzers, as paths relative to `src/` with `/`. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return ['migrations', 'test', 'fuzz'].includes(entry.name) ? [] : sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Each source file that inserts into, updates or deletes from one of `tables` (Kysely or raw SQL), with its text. */
export function writersOf(tables: readonly string[]): { file: string; text: string }[] {
  const names = tables.join('|');
  const writes = new RegExp(
    String.raw`(insertInto|updateTable|deleteFrom)\(\s*['"](${names})['"]|\b(insert\s+into|update|delete\s+from)\s+(${names})\b`,
    'i',
  );
  return sources(root)
    .map((full) => ({ file: path.relative(root, full).split(path.sep).join('/'), text: readFileSync(full, 'utf8') }))
    .filter(({ text }) => writes.test(text));
}

/** The writers of `tables` that call none of `announcers` and are not `exempt`: should be empty. */
export function silentWriters(
  tables: readonly string[],
  announcers: readonly string[],
  exempt: readonly string[],
): string[] {
  const announces = new RegExp(String.raw`\b(${announcers.join('|')})\(`);
  return writersOf(tables)
    .filter(({ file, text }) => !announces.test(text) && !exempt.includes(file))
    .map(({ file }) => file);
}
