import { describe, expect, it, vi } from 'vitest';
import { fakeToken } from '../test/render-app';
import { apiRoute, browserRoute, rawAnswer } from '@papo/contract/api-route';
import { ApiError, api } from './api';
import { readSession, storeLogin } from './session';

/** A member's call of `/api/<name>`; the fake server answers with the URL it was asked for. */
const memberCall = browserRoute(apiRoute({ method: 'GET', path: '/api/:name', answer: rawAnswer, auth: 'member' }));
const call = (name: string, options: { auth?: boolean } = {}) => api(memberCall, { params: { name }, ...options });

const oldToken = fakeToken({ username: 'ana', roles: ['ROLE_USER'], n: 1 });
const newToken = fakeToken({ username: 'ana', roles: ['ROLE_USER'], n: 2 });

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status });
}

/** A fake server: protected calls accept only `newToken`; the refresh call answers `refreshAnswer`. */
function fakeServer(refreshAnswer: () => Response) {
  const refreshBodies: string[] = [];
  const bearers: (string | null)[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/auth/refresh') {
      refreshBodies.push(String(init?.body));
      // a real round trip takes time; concurrent callers must find the exchange still running.
      await new Promise((resolve) => setTimeout(resolve, 5));
      return refreshAnswer();
    }
    const bearer = new Headers(init?.headers).get('Authorization');
    bearers.push(bearer);
    return bearer === `Bearer ${newToken}` ? json(200, { url }) : json(401, { message: 'Expired JWT Token' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { refreshBodies, bearers };
}

const renewed = () =>
  json(200, { token: newToken, refresh_token: 'r2', roles: ['ROLE_USER'], username: 'ana', userId: 1 });

describe('api client: token refresh', () => {
  it('on a 401 exchanges the refresh token as form data, stores the new pair and retries once', async () => {
    storeLogin({ token: oldToken, refresh_token: 'r1', userId: 1 });
    const server = fakeServer(renewed);
    await expect(call('me')).resolves.toEqual({ url: '/api/me' });
    expect(server.refreshBodies).toEqual(['grant_type=refresh_token&refresh_token=r1']);
    expect(server.bearers).toEqual([`Bearer ${oldToken}`, `Bearer ${newToken}`]);
    expect(readSession()).toMatchObject({ token: newToken, refreshToken: 'r2' });
    expect(JSON.parse(localStorage.getItem('user') ?? '')).toMatchObject({ userId: 1, refresh_token: 'r2' });
  });

  it('retries only once: a second 401 is passed on without another refresh', async () => {
    storeLogin({ token: oldToken, refresh_token: 'r1' });
    const server = fakeServer(() => json(200, { token: fakeToken({ username: 'ana', n: 3 }), refresh_token: 'r2' }));
    await expect(call('me')).rejects.toMatchObject({ status: 401, message: 'Expired JWT Token' });
    expect(server.refreshBodies).toHaveLength(1);
    expect(server.bearers).toHaveLength(2);
  });

  it('shares one refresh between concurrent 401s', async () => {
    storeLogin({ token: oldToken, refresh_token: 'r1' });
    const server = fakeServer(renewed);
    const answers = await Promise.all([call('a'), call('b'), call('c')]);
    expect(answers).toEqual([{ url: '/api/a' }, { url: '/api/b' }, { url: '/api/c' }]);
    expect(server.refreshBodies).toHaveLength(1);
    expect(server.bearers.filter((bearer) => bearer === `Bearer ${newToken}`)).toHaveLength(3);
  });

  it('uses a token renewed meanwhile (another call or tab) without refreshing again', async () => {
    storeLogin({ token: oldToken, refresh_token: 'r1' });
    const server = fakeServer(renewed);
    // while the request with the old token is on its way, another tab renews the session.
    vi.mocked(fetch).mockImplementationOnce(async () => {
      storeLogin({ token: newToken, refresh_token: 'r2' });
      return json(401, { message: 'Expired JWT Token' });
    });
    await expect(call('me')).resolves.toEqual({ url: '/api/me' });
    expect(server.refreshBodies).toEqual([]);
    expect(server.bearers).toEqual([`Bearer ${newToken}`]);
  });

  it('clears the session and passes the 401 on when the refresh is refused', async () => {
    storeLogin({ token: oldToken, refresh_token: 'r1' });
    localStorage.setItem('favoriteChannels', '["#barra"]');
    const server = fakeServer(() => json(401, { message: 'refresh_token_reused' }));
    const error = await call('me').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: 'Expired JWT Token' });
    expect(server.bearers).toHaveLength(1);
    expect(readSession()).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  it('keeps the session when the refresh call cannot reach the server', async () => {
    storeLogin({ token: oldToken, refresh_token: 'r1' });
    fakeServer(() => {
      throw new TypeError('offline');
    });
    await expect(call('me')).rejects.toMatchObject({ status: 401 });
    expect(readSession()).toMatchObject({ token: oldToken, refreshToken: 'r1' });
  });

  it('does not refresh for visitors or for calls sent without the token', async () => {
    const server = fakeServer(renewed);
    await expect(call('me')).rejects.toMatchObject({ status: 401 });
    storeLogin({ token: oldToken, refresh_token: 'r1' });
    await expect(call('me', { auth: false })).rejects.toMatchObject({ status: 401 });
    expect(server.refreshBodies).toEqual([]);
    expect(readSession()?.token).toBe(oldToken);
  });
});
