import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { ToastProvider } from '../../../components/ui/toast';
import { AppSlots, fakeToken } from '../../../test/render-app';

/** Renders chat components with what they rely on: a router, a query client, the toast provider and the app's slots. */
export function renderChat(ui: ReactNode, path = '/barra') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <ToastProvider>
          <AppSlots>{ui}</AppSlots>
        </ToastProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Signs in as `username` with user id `id` (the token's subject), the way the login screen stores it. */
export function signInAs(id: number, username: string, roles: string[] = ['ROLE_USER']) {
  localStorage.setItem(
    'user',
    JSON.stringify({ token: fakeToken({ sub: String(id), username, roles }), refresh_token: 'r' }),
  );
}
