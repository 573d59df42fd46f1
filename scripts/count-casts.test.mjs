import { describe, expect, it } from 'vitest';
import { castsIn, isTest } from './count-casts.mjs';

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
    for (const path of ['apps/server/src/lib/tests-of-time.ts', 'apps/web/src/features/testimonials/list.tsx', 'apps/server/src/app.ts']) {
      expect(isTest(path), path).toBe(false);
    }
  });
});
