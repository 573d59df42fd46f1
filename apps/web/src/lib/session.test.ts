import { describe, expect, it } from 'vitest';
import { fakeToken } from '../test/render-app';
import {
  clearSession,
  decodeTokenPayload,
  initialsOf,
  isStaff,
  readSession,
  storeLogin,
  storeRefreshedTokens,
} from './session';

describe('session', () => {
  it('is null without a stored user or without a token', () => {
    expect(readSession()).toBeNull();
    localStorage.setItem('user', JSON.stringify({ refresh_token: 'r' }));
    expect(readSession()).toBeNull();
    localStorage.setItem('user', 'not json');
    expect(readSession()).toBeNull();
  });

  it('reads roles and username from the token payload', () => {
    localStorage.setItem('user', JSON.stringify({ token: fakeToken({ username: 'joão', roles: ['ROLE_MODERATOR'] }) }));
    expect(readSession()).toMatchObject({ roles: ['ROLE_MODERATOR'], username: 'joão', initials: 'JO' });
  });

  it('prefers the userRoles list over the token', () => {
    localStorage.setItem('user', JSON.stringify({ token: fakeToken({ roles: ['ROLE_ADMIN'] }) }));
    localStorage.setItem('userRoles', JSON.stringify(['ROLE_USER']));
    expect(readSession()?.roles).toEqual(['ROLE_USER']);
    expect(isStaff(readSession())).toBe(false);
  });

  it('counts only administrators and moderators as staff', () => {
    const session = { token: 't', refreshToken: null, username: null, initials: '?', userId: null };
    expect(isStaff({ ...session, roles: ['ROLE_ADMIN'] })).toBe(true);
    expect(isStaff({ ...session, roles: ['ROLE_MODERATOR'] })).toBe(true);
    expect(isStaff({ ...session, roles: ['ROLE_USER', 'ROLE_EDITOR'] })).toBe(false);
    expect(isStaff(null)).toBe(false);
  });

  it("reads the member's id from the token's subject, else from the stored userId", () => {
    localStorage.setItem('user', JSON.stringify({ token: fakeToken({ sub: '42' }) }));
    localStorage.setItem('userId', '7');
    expect(readSession()?.userId).toBe(42);
    localStorage.setItem('user', JSON.stringify({ token: fakeToken({ roles: [] }) }));
    expect(readSession()?.userId).toBe(7);
    localStorage.setItem('user', JSON.stringify({ token: fakeToken({ sub: 'abc' }) }));
    localStorage.setItem('userId', '-3');
    expect(readSession()?.userId).toBeNull();
  });

  it('returns the same object while storage is unchanged', () => {
    localStorage.setItem('user', JSON.stringify({ token: fakeToken({ roles: [] }) }));
    expect(readSession()).toBe(readSession());
  });

  it('decodes url-safe base64 payloads and tolerates garbage', () => {
    expect(decodeTokenPayload(fakeToken({ roles: ['ROLE_ADMIN'], n: '??>>' }))).toEqual({
      roles: ['ROLE_ADMIN'],
      n: '??>>',
    });
    expect(decodeTokenPayload('abc')).toEqual({});
    expect(decodeTokenPayload('a.%%%.c')).toEqual({});
  });

  it('builds initials from one or two words', () => {
    expect(initialsOf('maria_silva')).toBe('MS');
    expect(initialsOf('ana')).toBe('AN');
    expect(initialsOf('')).toBe('');
  });

  it('stores a login answer whole, with username, id, roles from the token and initials', () => {
    const token = fakeToken({ username: 'maria_silva', roles: ['ROLE_USER', 'ROLE_MODERATOR'] });
    storeLogin({ token, refresh_token: 'r1', roles: ['ROLE_USER'], username: 'maria_silva', userId: 7 });
    expect(JSON.parse(localStorage.getItem('user') ?? '')).toEqual({
      token,
      refresh_token: 'r1',
      roles: ['ROLE_USER'],
      username: 'maria_silva',
      userId: 7,
    });
    expect(localStorage.getItem('username')).toBe('maria_silva');
    expect(localStorage.getItem('userId')).toBe('7');
    expect(JSON.parse(localStorage.getItem('userRoles') ?? '')).toEqual(['ROLE_USER', 'ROLE_MODERATOR']);
    expect(localStorage.getItem('userInitials')).toBe('MS');
    expect(readSession()).toMatchObject({ token, refreshToken: 'r1', username: 'maria_silva' });
    expect(isStaff(readSession())).toBe(true);
  });

  it('swaps in a refreshed token pair and keeps the rest of the stored answer', () => {
    storeLogin({ token: fakeToken({ username: 'ana', roles: ['ROLE_USER'] }), refresh_token: 'r1', userId: 3 });
    const renewed = fakeToken({ username: 'ana', roles: ['ROLE_ADMIN'] });
    storeRefreshedTokens({ token: renewed, refresh_token: 'r2' });
    expect(JSON.parse(localStorage.getItem('user') ?? '')).toMatchObject({
      token: renewed,
      refresh_token: 'r2',
      userId: 3,
    });
    expect(readSession()).toMatchObject({ token: renewed, refreshToken: 'r2', roles: ['ROLE_ADMIN'] });
  });

  it('clears all browser storage on logout, the language choice included', () => {
    localStorage.setItem('user', JSON.stringify({ token: 'x.y.z' }));
    localStorage.setItem('username', 'ana');
    localStorage.setItem('user-language', 'es');
    localStorage.setItem('favoriteChannels', '["#barra"]');
    clearSession();
    expect(localStorage.length).toBe(0);
    expect(readSession()).toBeNull();
  });
});
