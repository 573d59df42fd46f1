import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, signIn } from '../../test/render-app';

async function settledPath(path: string) {
  const { router } = renderApp(path);
  await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
  await waitFor(() => expect(router.state.initialized).toBe(true));
  return router;
}

describe('navigation guards', () => {
  it('sends a visitor at /profile to /login, replacing the entry', async () => {
    const router = await settledPath('/profile');
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('sends a visitor at a channel to /login but lets them hear /home{name} (music)', async () => {
    expect((await settledPath('/barra')).state.location.pathname).toBe('/login');
    expect((await settledPath('/homesamba')).state.location.pathname).toBe('/homesamba');
  });

  it('sends a member without a staff role at /editor to /login', async () => {
    signIn(['ROLE_USER']);
    const { router } = renderApp('/editor');
    // NOTE: /login itself sends a signed-in member on to /profile afterwards; the guard's part is the stop at /login.
    const visited: string[] = [];
    router.subscribe((state) => visited.push(state.location.pathname));
    await waitFor(() => expect(visited).toContain('/login'));
  });

  it('lets a member open member routes', async () => {
    signIn(['ROLE_USER']);
    expect((await settledPath('/profile')).state.location.pathname).toBe('/profile');
    expect((await settledPath('/barra')).state.location.pathname).toBe('/barra');
  });

  it.each(['ROLE_ADMIN', 'ROLE_MODERATOR'])('lets %s open staff routes', async (role) => {
    signIn([role]);
    const router = await settledPath('/courseAdd');
    expect(router.state.location.pathname).toBe('/courseAdd');
  });

  it('reads roles from localStorage userRoles before the token', async () => {
    signIn(['ROLE_USER']);
    localStorage.setItem('userRoles', JSON.stringify(['ROLE_MODERATOR']));
    expect((await settledPath('/albums')).state.location.pathname).toBe('/albums');
  });

  it('lets anyone open public routes', async () => {
    expect((await settledPath('/channels')).state.location.pathname).toBe('/channels');
    expect((await settledPath('/sobre-nos')).state.location.pathname).toBe('/sobre-nos');
  });
});
