import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ToastProvider } from './ui/toast';
import { FavoriteStar } from './favorite-star';

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** A server keeping one member's favourites; `fail` makes every change answer 500. */
function stubFavorites(initial: string[], fail = false) {
  let favorites = [...initial];
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path, body });
      if (method !== 'GET' && fail) return new Response(JSON.stringify({ message: 'request_failed' }), { status: 500 });
      if (method === 'POST') favorites = [...favorites, (body as { channel: string }).channel];
      if (method === 'DELETE')
        favorites = favorites.filter((name) => name !== `#${decodeURIComponent(path.split('/').pop() ?? '')}`);
      return new Response(JSON.stringify({ favorite_channels: favorites }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

function renderStar(channel: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <FavoriteStar channel={channel} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return screen.getByTestId('favorite-star');
}

describe('favourite star', () => {
  it('is pressed for a favourite and unstars it with DELETE', async () => {
    const calls = stubFavorites(['#barra', '#rio']);
    const star = renderStar('rio');
    await waitFor(() => expect(star).toHaveAttribute('aria-pressed', 'true'));
    expect(star).toHaveAccessibleName('Canal favorito #rio');
    fireEvent.click(star);
    await waitFor(() => expect(star).toHaveAttribute('aria-pressed', 'false'));
    expect(calls.at(-1)).toEqual({ method: 'DELETE', path: '/api/favorite-channels/rio', body: undefined });
  });

  it('stars a channel with POST', async () => {
    const calls = stubFavorites(['#barra']);
    const star = renderStar('sampa');
    await waitFor(() => expect(star).toBeEnabled());
    expect(star).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(star);
    await waitFor(() => expect(star).toHaveAttribute('aria-pressed', 'true'));
    await waitFor(() =>
      expect(calls.at(-1)).toEqual({ method: 'POST', path: '/api/favorite-channels', body: { channel: '#sampa' } }),
    );
  });

  it('puts the star back and says so when the change fails', async () => {
    stubFavorites(['#barra'], true);
    const star = renderStar('sampa');
    await waitFor(() => expect(star).toBeEnabled());
    fireEvent.click(star);
    expect(await screen.findByText('Não foi possível atualizar seus favoritos. Tente novamente.')).toBeInTheDocument();
    expect(star).toHaveAttribute('aria-pressed', 'false');
  });
});
