import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeToken, renderApp, signIn } from '../../test/render-app';

const renewedToken = fakeToken({ username: 'maria_silva', roles: ['ROLE_USER'], renewed: true });

/** /api/me accepts only the renewed token; the refresh call answers `refreshStatus`. */
function server(refreshStatus: number) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/auth/refresh') {
      return refreshStatus === 200
        ? new Response(JSON.stringify({ token: renewedToken, refresh_token: 'r2' }), { status: 200 })
        : new Response(JSON.stringify({ message: 'invalid_refresh_token' }), { status: refreshStatus });
    }
    if (url === '/api/me' && new Headers(init?.headers).get('Authorization') === `Bearer ${renewedToken}`) {
      return new Response(JSON.stringify({ id: 1, username: 'maria_silva' }), { status: 200 });
    }
    return new Response(JSON.stringify({ message: 'Expired JWT Token' }), { status: 401 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
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
