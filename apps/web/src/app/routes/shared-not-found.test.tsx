import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/fake-api';
import { routes } from './routes';
import { routeDefs } from './route-table';
import { catchAllHandle, showSharedNotFound } from './shared-not-found';

describe('the shared 404 page at an address a route has', () => {
  it("is possible for every route with a parameter: each is in the catch-all route's layout, so the markup is the same", () => {
    const withParameter = routeDefs.filter((def) => def.path.includes(':'));
    expect(withParameter.length).toBeGreaterThan(5);
    for (const def of withParameter) expect(def.handle.layout, def.path).toBe(catchAllHandle?.layout);
  });

  it("shows the catch-all's 404 at its first location without asking the API, and routes as usual from there", async () => {
    const api = mockApi();
    const articleCalls = () => api.paths().filter((path) => path.startsWith('/api/article/'));
    // not the first entry, whose key is always 'default': the web tests share their modules (decision 034), and
    // another file's first location must not find the mark.
    const router = createMemoryRouter(routes, {
      initialEntries: ['/channels', '/blog/no-such-article'],
      initialIndex: 1,
    });
    expect(router.state.location.key).not.toBe('default');
    showSharedNotFound(router.state.location.key);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByTestId('not-found')).toHaveTextContent('Página não encontrada');
    expect(document.title).toBe('Página não encontrada - Papo');
    expect(articleCalls()).toEqual([]);

    // A link of the 404 page leads on; Back shows the same 404 again, still without asking.
    fireEvent.click(screen.getByRole('link', { name: 'Voltar ao início' }));
    await screen.findByRole('heading', { level: 1, name: 'Bem-vindo ao Papo' });
    await act(() => router.navigate(-1));
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/blog/no-such-article');
    expect(articleCalls()).toEqual([]);

    // A new visit of the address is another location: the route's own screen, which asks for its article.
    await act(() => router.navigate('/blog/no-such-article'));
    await waitFor(() => expect(articleCalls()).toEqual(['/api/article/no-such-article']));
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
  });
});
