import type { UserProfile } from '@papo/contract/profile';
import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, signIn } from '../../../test/render-app';
import { buildProfile, installFakeApi } from './fake-api';

// CI has two cores shared with other suites; the default one second makes waits for a refetch flaky there.
// Test files run in isolated module graphs, so this reaches only the profile's tests.
configure({ asyncUtilTimeout: 4000 });

/** Signs a member in, serves `profile` from a fake API and opens /profile once its content shows. */
export async function renderProfile(overrides: Partial<UserProfile> = {}, roles: string[] = ['ROLE_USER']) {
  signIn(roles);
  const api = installFakeApi(buildProfile(overrides));
  const user = userEvent.setup();
  const view = renderApp('/profile');
  await screen.findByRole('heading', { level: 2, name: overrides.name ?? 'Maria Silva' }, { timeout: 8000 });
  return { api, user, ...view };
}
