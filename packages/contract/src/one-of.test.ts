import { describe, expect, it } from 'vitest';
import { isOneOf } from './one-of.js';

describe('isOneOf', () => {
  const kinds = ['shop', 'course'] as const;
  it('accepts a member and narrows to the members’ type', () => {
    const value: unknown = 'course';
    expect(isOneOf(kinds, value)).toBe(true);
    if (isOneOf(kinds, value)) {
      const kind: (typeof kinds)[number] = value;
      expect(kind).toBe('course');
    }
  });
  it('refuses anything else, whatever its type', () => {
    for (const value of ['Shop', '', 'shop ', null, undefined, 0, ['shop']]) expect(isOneOf(kinds, value)).toBe(false);
  });
});
