// The records and the README stay short: a decision record is its Context, Decision and Consequences in
// about a hundred lines, figures go to docs/benchmarks.md, and the README shows both commands on its first screen.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('..', import.meta.url);
const read = (path) => readFileSync(new URL(path, root), 'utf8');

describe('docs', () => {
  const records = readdirSync(new URL('docs/decisions/', root)).filter((name) => /^\d{3}-.+\.md$/.test(name));

  it.each(records)('decision record %s is Context / Decision / Consequences within ~100 lines', (name) => {
    const text = read(`docs/decisions/${name}`);
    expect(text.trimEnd().split('\n').length).toBeLessThanOrEqual(105);
    const sections = [...text.matchAll(/^## (.+)$/gm)].map((match) => match[1]);
    expect(sections).toEqual(['Context', 'Decision', 'Consequences']);
  });

  it.each(records)('decision record %s has its row in the index, with its title', (name) => {
    const title = read(`docs/decisions/${name}`)
      .split('\n')[0]
      .replace(/^# \d{3} — /, '');
    const number = name.slice(0, 3);
    const rows = read('docs/decisions/README.md').split('\n');
    const row = rows.find((line) => line.startsWith(`| [${number}](${name}) | `));
    expect(row?.split(' | ')[1]).toBe(title);
  });

  it('the index of decision records lists only records that exist', () => {
    const listed = [...read('docs/decisions/README.md').matchAll(/^\| \[\d{3}\]\(([^)]+)\)/gm)].map(
      (match) => match[1],
    );
    expect(listed.toSorted()).toEqual(records.toSorted());
  });

  it('the README stays under 12 KB with both commands on its first screen', () => {
    const readme = read('README.md');
    expect(Buffer.byteLength(readme)).toBeLessThan(12 * 1024);
    const firstScreen = readme.split('\n').slice(0, 25).join('\n');
    expect(firstScreen).toContain('npm ci && npm start');
    expect(firstScreen).toContain('npm test');
  });
});
