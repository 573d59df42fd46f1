import { describe, expect, it } from 'vitest';

type Resources = Record<string, unknown>;
const languages = ['pt', 'en', 'fr', 'es'] as const;

const files = {
  ...import.meta.glob<Resources>('./*.json', { import: 'default', eager: true }),
  ...import.meta.glob<Resources>('../features/*/locales/*.json', { import: 'default', eager: true }),
};

/** Locale files grouped by folder: the shared one and each feature's. */
const groups = new Map<string, Partial<Record<string, Resources>>>();
for (const [file, resources] of Object.entries(files)) {
  const folder = file.slice(0, file.lastIndexOf('/'));
  const language = file.slice(file.lastIndexOf('/') + 1, -'.json'.length);
  groups.set(folder, { ...groups.get(folder), [language]: resources });
}

/** Every leaf key as a dotted path (array items by index). */
export function flattenKeys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([key, child]) => flattenKeys(child, prefix ? `${prefix}.${key}` : key));
}

function valueAt(resources: Resources, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], resources);
}

describe('locale files', () => {
  it('exist as a shared group and feature groups', () => {
    expect(groups.has('.')).toBe(true);
  });

  describe.each([...groups.keys()])('%s', (folder) => {
    const group = groups.get(folder)!;

    it('has a file for each of the four languages', () => {
      expect(Object.keys(group).sort()).toEqual([...languages].sort());
    });

    const reference = flattenKeys(group.pt ?? {}).sort();
    it.each(languages.filter((l) => l !== 'pt'))('%s has exactly the keys of pt', (language) => {
      const keys = flattenKeys(group[language] ?? {}).sort();
      expect(keys.filter((key) => !reference.includes(key))).toEqual([]);
      expect(reference.filter((key) => !keys.includes(key))).toEqual([]);
    });

    it.each(languages)('%s has no empty text', (language) => {
      const resources = group[language] ?? {};
      const empty = flattenKeys(resources).filter((key) => {
        const value = valueAt(resources, key);
        return typeof value !== 'string' || value.trim() === '';
      });
      expect(empty).toEqual([]);
    });
  });

  it('never defines one top-level section in two files', () => {
    const owners = new Map<string, string>();
    const clashes: string[] = [];
    for (const [folder, group] of groups) {
      for (const section of Object.keys(group.pt ?? {})) {
        const owner = owners.get(section);
        if (owner) clashes.push(`${section}: ${owner} and ${folder}`);
        owners.set(section, folder);
      }
    }
    expect(clashes).toEqual([]);
  });
});
