import { usernamePattern } from '@papo/contract/auth';
import { describe, expect, it } from 'vitest';
import { isReservedUsername, usernameBase } from './usernames.js';

describe('usernameBase', () => {
  it.each([
    ['João.Silva+news@gmail.com', 'x', 'Joao_Silva'],
    ['ana-maria@x.io', 'x', 'ana-maria'],
    ['__weird..name__@x.io', 'x', 'weird_name'],
    ['+tag@x.io', 'Zé Carlos', 'Ze_Carlos'],
    ['a@x.io', '!', 'membroa'],
    ['@x.io', '日本', 'membro'],
    [`${'l'.repeat(60)}@x.io`, 'x', 'l'.repeat(24)],
  ])('turns %s / %s into %s', (email, name, expected) => {
    const base = usernameBase(email, name);
    expect(base).toBe(expected);
    expect(base).toMatch(usernamePattern);
  });
});

describe('isReservedUsername', () => {
  it('reserves the service bots and staff-sounding names in any case', () => {
    expect(isReservedUsername('ChanServ')).toBe(true);
    expect(isReservedUsername('ADMIN')).toBe(true);
    expect(isReservedUsername('ana')).toBe(false);
  });
});
