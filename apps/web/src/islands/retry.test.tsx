import type { Crypto } from '@papo/contract/media';
import type { AuthorPage as AuthorAnswer } from '@papo/contract/articles';
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, dehydrateQueries, hydrateQueries } from '../app/handover';
import { AuthorPage, AuthorScreen } from '../features/articles/components/author-screen';
import { CryptoList, CryptosScreen } from '../features/cryptos/components/cryptos-screen';
import { json, mockApi, type Route as ApiRoute } from '../test/fake-api';
import { IslandScope } from './island-id';
import { islands, type IslandName } from './registry';

/*
 * A section whose data failed on the server is drawn with its try again inside an island (decision 042): the page's
 * script hydrates that island alone, with the failure the server handed over, and the try again asks the API again and
 * shows the answer in place, without the app.
 */

const coins: Crypto[] = [
  {
    id: 'bitcoin',
    symbol: 'btc',
    name: 'Bitcoin',
    image: '/media/coins/btc.png',
    current_price: 64000,
    market_cap: 1_260_000_000_000,
    market_cap_rank: 1,
    price_change_percentage_24h: 1.5,
    recommend_buy: false,
  },
];

const author: AuthorAnswer = {
  username: 'redacao',
  name: 'Redação',
  image: null,
  welcome: 'Olá, leitores',
  articles: [],
};

const unavailable: ApiRoute = (url) =>
  url.pathname.startsWith('/api/') ? json(503, { message: 'service_unavailable' }) : undefined;

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.replaceChildren();
});

/** The page's address and its route's pattern (the screens read their slug from it). */
interface At {
  path: string;
  route: string;
}

function withClient(client: QueryClient, at: At, children: ReactNode) {
  return (
    <MemoryRouter initialEntries={[at.path]}>
      <QueryClientProvider client={client}>
        <Routes>
          <Route path={at.route} element={children} />
        </Routes>
      </QueryClientProvider>
    </MemoryRouter>
  );
}

/**
 * What the server sends for `screen` at `path` while the API fails: its markup (the queries' failures in it) and the
 * handover, as JSON.
 */
async function drawnWhileFailing(at: At, screenElement: ReactNode) {
  mockApi(unavailable);
  const client = createQueryClient();
  // as the server's client: a failed answer is the page, not something to ask again on the next render.
  client.setDefaultOptions({ queries: { retry: false, retryOnMount: false } });
  // a first render asks for the page's data, as the server's render does, and ends once every query failed.
  const first = render(withClient(client, at, screenElement));
  await waitFor(() => expect(client.isFetching()).toBe(0));
  first.unmount();
  const html = renderToString(withClient(client, at, screenElement));
  return { html, handover: JSON.stringify(dehydrateQueries(client)) };
}

/** Puts the server's markup in the page and hydrates the island `name` alone, as islands/hydrate.tsx does. */
function hydrateAlone(
  name: IslandName,
  at: At,
  drawn: { html: string; handover: string },
  island: ReactNode,
): HTMLElement {
  const page = document.createElement('main');
  page.innerHTML = drawn.html;
  document.body.append(page);
  const element = page.querySelector<HTMLElement>(`[data-island="${name}"]`);
  if (!element) throw new Error(`no island ${name} in the server's markup`);
  const client = createQueryClient();
  hydrateQueries(client, JSON.parse(drawn.handover));
  act(() => {
    root = hydrateRoot(element, withClient(client, at, <IslandScope value={name}>{island}</IslandScope>));
  });
  return element;
}

describe('the try again of a section that failed on the server', () => {
  it("wakes the cryptos' island alone, which asks again and shows the coins in place", async () => {
    const at = { path: '/cryptos', route: '/cryptos' };
    const drawn = await drawnWhileFailing(at, <CryptosScreen />);
    expect(islands['crypto-list'].wake).toBe('retry');
    const mismatch = vi.spyOn(console, 'error');
    const element = hydrateAlone('crypto-list', at, drawn, <CryptoList />);
    expect(element.querySelector('[role="alert"]')).toHaveTextContent('Não foi possível carregar');

    const api = mockApi((url) => (url.pathname === '/api/cryptos' ? json(200, coins) : undefined));
    await userEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Bitcoin' })).toBeInTheDocument();
    expect(element.querySelector('[role="alert"]')).toBeNull();
    expect(api.calls('/api/cryptos')).toHaveLength(1);
    // the page around the island is the server's and stays so.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Criptomoedas');
    expect(mismatch).not.toHaveBeenCalled();
  });

  it('draws a failed author page as an island that shows the author once the API answers', async () => {
    const at = { path: '/autor/redacao', route: '/autor/:username' };
    const drawn = await drawnWhileFailing(at, <AuthorScreen />);
    expect(islands['author-page'].wake).toBe('retry');
    const mismatch = vi.spyOn(console, 'error');
    hydrateAlone('author-page', at, drawn, <AuthorPage username="redacao" />);
    expect(screen.getByRole('alert')).toBeInTheDocument();

    mockApi((url) => (url.pathname === '/api/authors/redacao' ? json(200, author) : undefined));
    await userEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByRole('heading', { level: 1, name: /Redação/ })).toBeInTheDocument();
    expect(screen.getByText('Olá, leitores')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(mismatch).not.toHaveBeenCalled();
  });
});
