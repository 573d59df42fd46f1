import { describe, expect, it } from 'vitest';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import pt from './pt.json';

/** Every leaf key as a dotted path (array items by index). */
export function flattenKeys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([key, child]) => flattenKeys(child, prefix ? `${prefix}.${key}` : key));
}

describe('locale files', () => {
  const reference = flattenKeys(pt).sort();

  it.each([
    ['en', en],
    ['fr', fr],
    ['es', es],
  ])('%s has exactly the keys of pt', (_language, resources) => {
    const keys = flattenKeys(resources).sort();
    expect(keys.filter((key) => !reference.includes(key))).toEqual([]);
    expect(reference.filter((key) => !keys.includes(key))).toEqual([]);
  });

  it.each([
    ['pt', pt],
    ['en', en],
    ['fr', fr],
    ['es', es],
  ])('%s has no empty text', (_language, resources) => {
    const empty = flattenKeys(resources).filter((key) => {
      const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], resources);
      return typeof value !== 'string' || value.trim() === '';
    });
    expect(empty).toEqual([]);
  });
});
