import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, route } from '../../test/fake-api';
import { fakeToken, renderApp, signIn } from '../../test/render-app';

const renewedToken = fakeToken({ username: 'maria_silva', roles: ['ROLE_USER'], renewed: true });

/** /api/me accepts only the renewed token; the refresh call answers `refreshStatus`. */
function server(refreshStatus: number) {
  return mockApi(
    route('POST', '/api/auth/refresh', () =>
      refreshStatus === 200
        ? json(200, {
            token: renewedToken,
            refresh_token: 'r2',
            roles: ['ROLE_USER'],
            username: 'maria_silva',
            userId: 1,
          })
        : json(refreshStatus, { message: 'invalid_refresh_token' }),
    ),
    route('GET', '/api/me', (_url, init) =>
      new Headers(init.headers).get('Authorization') === `Bearer ${renewedToken}`
        ? json(200, {
            id: 1,
            username: 'maria_silva',
            name: 'Maria Silva',
            email: 'maria@papo.test',
            roles: ['ROLE_USER'],
            language: 'pt',
          })
        : undefined,
    ),
    () => json(401, { message: 'Expired JWT Token' }),
  );
}

describe('session kept in step with the server', () => {
  it('renews an expired stored token at start and stays signed in', async () => {
    signIn(['ROLE_USER']);
    server(200);
    renderApp('/channels');
    await waitFor(() => expect(JSON.parse(localStorage.getItem('user') ?? '{}').token).toBe(renewedToken));
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Menu da conta' })).toBeInTheDocument();
  });

  it('drops a session the server refuses and shows the Login link', async () => {
    signIn(['ROLE_USER']);
    server(401);
    const { router } = renderApp('/channels');
    const header = await screen.findByRole('banner');
    expect(await within(header).findByRole('link', { name: 'Entrar' })).toBeInTheDocument();
    expect(localStorage.getItem('user')).toBeNull();
    expect(router.state.location.pathname).toBe('/channels');
  });

  it('leaves a members-only page for /login when the session ends there', async () => {
    signIn(['ROLE_USER']);
    server(401);
    const { router } = renderApp('/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
