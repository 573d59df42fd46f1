import { describe, expect, it } from 'vitest';
import { fakeToken } from '../test/render-app';
import { clearSession, decodeTokenPayload, initialsOf, isStaff, readSession } from './session';

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
    const session = { token: 't', username: null, initials: '?' };
    expect(isStaff({ ...session, roles: ['ROLE_ADMIN'] })).toBe(true);
    expect(isStaff({ ...session, roles: ['ROLE_MODERATOR'] })).toBe(true);
    expect(isStaff({ ...session, roles: ['ROLE_USER', 'ROLE_EDITOR'] })).toBe(false);
    expect(isStaff(null)).toBe(false);
  });

  it('returns the same object while storage is unchanged', () => {
    localStorage.setItem('user', JSON.stringify({ token: fakeToken({ roles: [] }) }));
    expect(readSession()).toBe(readSession());
  });

  it('decodes url-safe base64 payloads and tolerates garbage', () => {
    expect(decodeTokenPayload(fakeToken({ roles: ['ROLE_ADMIN'], n: '??>>' }))).toEqual({ roles: ['ROLE_ADMIN'], n: '??>>' });
    expect(decodeTokenPayload('abc')).toEqual({});
    expect(decodeTokenPayload('a.%%%.c')).toEqual({});
  });

  it('builds initials from one or two words', () => {
    expect(initialsOf('maria_silva')).toBe('MS');
    expect(initialsOf('ana')).toBe('AN');
    expect(initialsOf('')).toBe('');
  });

  it('clears everything but the language on logout', () => {
    localStorage.setItem('user', JSON.stringify({ token: 'x.y.z' }));
    localStorage.setItem('username', 'ana');
    localStorage.setItem('user-language', 'es');
    clearSession();
    expect(localStorage.length).toBe(1);
    expect(localStorage.getItem('user-language')).toBe('es');
  });
});
