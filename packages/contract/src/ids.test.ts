import { describe, expect, it } from 'vitest';
import { idParam, maxId } from './ids.js';

describe('idParam', () => {
  it.each(['1', '42', String(maxId)])('accepts %s', (value) => {
    expect(idParam().parse(value)).toBe(Number(value));
  });

  it.each(['0', '-1', '01', '1.5', 'abc', '', String(maxId + 1), '9999999999'])('refuses %j with the key', (value) => {
    const result = idParam('bad_id').safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('bad_id');
  });
});
