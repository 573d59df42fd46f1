import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi, route } from '../../test/fake-api';
import { renderApp, signIn } from '../../test/render-app';

// records each import of the profile screen's module, to see whether a visitor's guard fetched it.
const profileScreenImports = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../features/profile/components/profile-screen', async (importOriginal) => {
  profileScreenImports.count += 1;
  return importOriginal();
});

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
    expect(profileScreenImports.count).toBe(0);
  });

  it('shows a visitor at a channel its page with the way in, an unknown one the 404 page, and lets them hear /home{name}', async () => {
    mockApi(route('GET', '/api/channels/barra', () => json(200, { name: 'barra', topic: 'Papo de bar' })));
    expect((await settledPath('/barra')).state.location.pathname).toBe('/barra');
    expect(await screen.findByRole('heading', { level: 1, name: '#barra' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Entrar para conversar' })).toHaveAttribute('href', '/login');
    expect((await settledPath('/nenhum-canal')).state.location.pathname).toBe('/nenhum-canal');
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
    expect((await settledPath('/homesamba')).state.location.pathname).toBe('/homesamba');
  });

  it.each(['/mail', '/editor'])('sends a member without a staff role at %s to /profile, saying why', async (path) => {
    signIn(['ROLE_USER']);
    const { router } = renderApp(path);
    expect(
      await screen.findByText('Essa página é só para a equipe do Papo; trouxemos você para o seu perfil.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/profile');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('lets a member open member routes', async () => {
    signIn(['ROLE_USER']);
    expect((await settledPath('/profile')).state.location.pathname).toBe('/profile');
    expect(profileScreenImports.count).toBe(1);
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
