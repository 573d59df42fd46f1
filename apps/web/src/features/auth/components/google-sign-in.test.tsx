import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeToken, renderApp } from '../../../test/render-app';
import { googleScriptUrl, type GoogleIdentity } from '../lib/google-identity';
import { json } from '../../../test/fake-api';
import { fakeApi } from '../test/fake-api';

const googleScript = () => document.head.querySelector<HTMLScriptElement>(`script[src="${googleScriptUrl}"]`);

afterEach(() => {
  googleScript()?.remove();
  delete window.google;
});

describe('Google sign-in on the login screen', () => {
  it('neither shows the button nor loads Google when the server does not offer it', async () => {
    const api = fakeApi({ 'GET /api/auth/providers': () => json(200, { google: null }) });
    const { queryClient } = renderApp('/login');
    await screen.findByTestId('login-form');
    // the answer has reached the screen once its query holds it; only then is "nothing added" a finding.
    await waitFor(() => expect(queryClient.getQueryState(['auth-providers'])?.status).toBe('success'));
    expect(api.callsTo('/api/auth/providers')).toHaveLength(1);
    expect(googleScript()).toBeNull();
    expect(screen.queryByTestId('google-sign-in')).not.toBeInTheDocument();
  });

  it('loads Google, renders its button, and signs in with the credential it hands over', async () => {
    const token = fakeToken({ username: 'maria_g', roles: ['ROLE_USER'] });
    const api = fakeApi({
      'GET /api/auth/providers': () => json(200, { google: { clientId: 'client-1.apps.googleusercontent.com' } }),
      'POST /api/google_login': () =>
        json(200, { token, refresh_token: 'rg', roles: ['ROLE_USER'], username: 'maria_g', userId: 9 }),
    });
    const identity: GoogleIdentity = { initialize: vi.fn(), renderButton: vi.fn() };
    const { router } = renderApp('/login');
    const container = await screen.findByTestId('google-sign-in');
    await waitFor(() => expect(googleScript()).not.toBeNull());

    window.google = { accounts: { id: identity } };
    googleScript()?.dispatchEvent(new Event('load'));
    await waitFor(() =>
      expect(identity.renderButton).toHaveBeenCalledWith(container, expect.objectContaining({ locale: 'pt' })),
    );
    const config = vi.mocked(identity.initialize).mock.calls[0]?.[0];
    expect(config?.client_id).toBe('client-1.apps.googleusercontent.com');

    config?.callback({ credential: 'google-id-token' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(api.callsTo('/api/google_login')[0]?.body).toEqual({ credential: 'google-id-token' });
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ token, refresh_token: 'rg' });
  });
});
