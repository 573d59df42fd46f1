import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { castsIn, isTest, overLimits } from './count-casts.mjs';

describe('count-casts', () => {
  it('counts `as` and `<T>` assertions but not `as const`, imports, strings or comments', () => {
    const text = [
      "import { readFile as read } from 'node:fs';",
      'const a = value as string;',
      'const b = <number>other;',
      "const c = ['x'] as const;",
      "const d = 'seen as text'; // cast as nothing",
      'const e = (input as unknown) as Date;',
    ].join('\n');
    const found = castsIn(text, 'src/a.ts');
    expect(found.as).toHaveLength(4);
    expect(found.as[0]).toBe('src/a.ts:2:11  value as string');
    expect(found.nonNull).toEqual([]);
  });

  it('counts non-null assertions, not negations or `!==`', () => {
    const text = ['const a = map.get(key)!;', 'if (!a && a !== b) run(list[0]!.name);', 'const c = !!a;'].join('\n');
    const found = castsIn(text, 'src/b.tsx');
    expect(found.nonNull).toEqual(['src/b.tsx:1:11  map.get(key)!', 'src/b.tsx:2:24  list[0]!']);
    expect(found.as).toEqual([]);
  });

  it('leaves out test files, test folders, test-support helpers and fakes', () => {
    for (const path of [
      'apps/server/src/features/chat/chat.test.ts',
      'apps/web/src/test/fake-api.ts',
      'apps/web/src/features/chat/test/render.tsx',
      'apps/server/src/features/chat/test-support.ts',
      'apps/server/src/features/auth/fake-google.ts',
    ]) {
      expect(isTest(path), path).toBe(true);
    }
    for (const path of [
      'apps/server/src/lib/tests-of-time.ts',
      'apps/web/src/features/testimonials/list.tsx',
      'apps/server/src/app.ts',
    ]) {
      expect(isTest(path), path).toBe(false);
    }
  });
});

describe('the cast limits (npm run casts, run by npm run lint)', () => {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const scripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts;
  const limit = (name) => Number(new RegExp(`--${name} (\\d+)`).exec(scripts.casts)?.[1]);

  it('is part of npm run lint, with both limits set', () => {
    expect(scripts.lint).toMatch(/&& npm run --silent casts( &&|$)/);
    expect(Number.isInteger(limit('max-as'))).toBe(true);
    expect(Number.isInteger(limit('max-non-null'))).toBe(true);
  });

  it('passes today within the limits it sets', () => {
    const within = spawnSync(
      process.execPath,
      [
        join(root, 'scripts/count-casts.mjs'),
        '--max-as',
        String(limit('max-as')),
        '--max-non-null',
        String(limit('max-non-null')),
      ],
      {
        encoding: 'utf8',
      },
    );
    expect(within.status, within.stderr).toBe(0);
    expect(within.stdout).toMatch(/total: \d+ as, \d+ non-null ! outside tests/);
  }, 60_000);

  it('names each count over its limit, and nothing at or under it', () => {
    expect(overLimits({ as: 71, nonNull: 40 }, { maxAs: 70, maxNonNull: 40 })).toEqual(['71 as > 70']);
    expect(overLimits({ as: 70, nonNull: 41 }, { maxAs: 70, maxNonNull: 40 })).toEqual(['41 non-null ! > 40']);
    expect(overLimits({ as: 70, nonNull: 40 }, { maxAs: 70, maxNonNull: 40 })).toEqual([]);
    expect(overLimits({ as: 500, nonNull: 500 }, {})).toEqual([]);
  });
});
