import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '../app/routes/routes';

/** The pieces the app hands to features (the learn-more tab), for tests that render a feature's part alone. */
export { AppSlots } from '../app/app-slots';

/** Renders the whole app (real route table, layouts and guards) at `path`, in memory. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient, ...view };
}

/** Sets the viewport width seen by `matchMedia` (set it before rendering). */
export function setViewportWidth(width: number) {
  window.innerWidth = width;
}

/** A structurally valid unsigned JWT carrying `claims`; the client only reads it, the server verifies. */
export function fakeToken(claims: Record<string, unknown>): string {
  const encode = (value: object) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

/** Stores a login response the way the login screen will; `userId` puts the member's id in the token (`sub`). */
export function signIn(roles: string[], username = 'maria_silva', userId?: number) {
  const claims = userId === undefined ? { username, roles } : { sub: String(userId), username, roles };
  localStorage.setItem('user', JSON.stringify({ token: fakeToken(claims), refresh_token: 'r' }));
}

/** Signs in member 1, 'ana', who talks with 'bruno' (2) in the conversation and notification tests. */
export function signInAna() {
  signIn(['ROLE_USER'], 'ana', 1);
}
