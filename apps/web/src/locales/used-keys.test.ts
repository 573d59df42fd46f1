import { describe, expect, it } from 'vitest';

// the merged Portuguese texts, shared file plus every feature's own.
const pt: Record<string, unknown> = Object.assign(
  {},
  ...Object.values(
    import.meta.glob<Record<string, unknown>>(['./pt.json', '../features/*/locales/pt.json'], {
      import: 'default',
      eager: true,
    }),
  ),
);

// Vite reads the sources as text, so the scan covers exactly the files the app is built from.
const sources = import.meta.glob<string>(['../**/*.tsx', '!../**/*.test.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

function lookup(key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => {
    return node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  }, pt);
}

/** A key exists when it names a text, a subtree (`returnObjects`) or plural forms (`key_one`, `key_other`). */
function exists(key: string): boolean {
  return lookup(key) !== undefined || lookup(`${key}_other`) !== undefined;
}

describe('translation keys used in components', () => {
  const files = Object.keys(sources);
  const used = Object.entries(sources).flatMap(([file, text]) =>
    [...text.matchAll(/\bt\(\s*(['"])([^'"]+)\1/g)].map((match) => ({ file, key: match[2] ?? '' })),
  );

  it('finds the components and their keys', () => {
    expect(files.length).toBeGreaterThan(10);
    expect(used.length).toBeGreaterThan(50);
  });

  it('every literal key exists in the Portuguese texts', () => {
    expect(used.filter(({ key }) => !exists(key))).toEqual([]);
  });
});
