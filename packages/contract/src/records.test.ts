import { describe, expect, it } from 'vitest';
import { isRecord } from './records.js';

describe('isRecord', () => {
  it('accepts objects and refuses null, arrays and other values', () => {
    expect(isRecord({ message: 'x' })).toBe(true);
    expect(isRecord(Object.create(null))).toBe(true);
    for (const value of [null, undefined, [], ['a'], 'text', 0, true])
      expect(isRecord(value), String(value)).toBe(false);
  });
});
