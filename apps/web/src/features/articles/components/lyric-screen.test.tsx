import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { json, mockApi } from '../../../test/fake-api';
import { lyric } from '../test/articles-api';

const firstLoad = { timeout: 5_000 };

const songs = { a: 'Alecrim dourado', b: 'Borboletinha', c: 'Cai, cai, balão' };
const order = ['a', 'b', 'c'] as const;

function lyricRoute(url: URL) {
  const slug = /^\/api\/lyrics\/([a-z])$/.exec(url.pathname)?.[1] as keyof typeof songs | undefined;
  if (!slug) return undefined;
  const i = order.indexOf(slug);
  return json(200, lyric(slug, songs[slug], { next: order[(i + 1) % 3]!, previous: order[(i + 2) % 3]! }));
}

describe('lyric view', () => {
  it('moves to the next and previous lyric with the arrow keys, wrapping around', async () => {
    mockApi(lyricRoute);
    const { router } = renderApp('/lyrics/a');
    await screen.findByRole('heading', { level: 1, name: songs.a }, firstLoad);
    expect(screen.getByRole('navigation', { name: 'Você está em' })).toHaveTextContent('Início›Letras›Alecrim dourado');
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    await screen.findByRole('heading', { level: 1, name: songs.b });
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/lyrics/c'));
    await screen.findByRole('heading', { level: 1, name: songs.c });
  });

  it('copies the address from the share menu and says whether it worked', async () => {
    mockApi(lyricRoute);
    const user = userEvent.setup();
    renderApp('/lyrics/b');
    await screen.findByRole('heading', { level: 1, name: songs.b }, firstLoad);
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });

    await user.click(screen.getByRole('button', { name: 'Compartilhar' }));
    expect(screen.getByRole('link', { name: 'Publicar no X' })).toHaveAttribute(
      'href',
      expect.stringContaining('Confira%20esta%20letra!'),
    );
    await user.click(screen.getByRole('button', { name: 'Copiar URL' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/lyrics/b`);
    expect(await screen.findByText('URL copiada!')).toBeInTheDocument();

    writeText.mockRejectedValueOnce(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Compartilhar' }));
    await user.click(screen.getByRole('button', { name: 'Copiar URL' }));
    expect(await screen.findByText('Erro ao copiar URL')).toBeInTheDocument();
  });
});
