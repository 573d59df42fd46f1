import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, signIn } from '../../../test/render-app';
import { json, mockApi } from '../../../test/fake-api';

const autosaveDelay = 3000;
const categories = [{ id: 1, key: 'music', name: 'Música' }];

/** A reply the test hands over when it chooses, to hold a save on its way. */
function heldReply(body: unknown) {
  let release!: () => void;
  const reply = new Promise<Response>((resolve) => {
    release = () => resolve(json(200, body));
  });
  return { reply, release };
}

/** The JSON bodies sent with `method` to `path`, in order. */
function sentBodies(method: string, path: string): Record<string, unknown>[] {
  return vi
    .mocked(fetch)
    .mock.calls.filter(([input, init]) => new URL(String(input), 'http://papo.test').pathname === path && init?.method === method)
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('article editor autosave', () => {
  it('saves an edit made while the previous save was still on its way', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn(['ROLE_MODERATOR'], 'editora');
    const puts: ReturnType<typeof heldReply>[] = [];
    mockApi(
      (url) => (url.pathname === '/api/article-categories' ? json(200, categories) : undefined),
      (url) => (url.pathname === '/api/editor/articles' ? json(201, { id: 7, slug: 'feira', revision: 1 }) : undefined),
      (url) => {
        if (url.pathname !== '/api/editor/articles/7') return undefined;
        const held = heldReply({ slug: 'feira', liveSlug: 'feira', message: 'article_saved', revision: puts.length + 2, pendingChanges: false });
        puts.push(held);
        return held.reply;
      },
    );
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const { router } = renderApp('/editor');
    await user.type(await screen.findByRole('textbox', { name: /^Título/ }, { timeout: 5_000 }), 'Feira');
    await act(() => vi.advanceTimersByTimeAsync(autosaveDelay));
    await waitFor(() => expect(router.state.location.pathname).toBe('/editor/7'));

    const description = screen.getByRole('textbox', { name: /^Descrição/ });
    await user.type(description, 'Frutas');
    await act(() => vi.advanceTimersByTimeAsync(autosaveDelay));
    await waitFor(() => expect(puts).toHaveLength(1));
    // The first update is still on its way when the next autosave comes due.
    await user.type(description, ' e verduras');
    await act(() => vi.advanceTimersByTimeAsync(autosaveDelay));
    expect(puts).toHaveLength(1);

    await act(async () => puts[0]!.release());
    await act(() => vi.advanceTimersByTimeAsync(autosaveDelay));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(sentBodies('PUT', '/api/editor/articles/7').map((body) => body.description)).toEqual(['Frutas', 'Frutas e verduras']);
    await act(async () => puts[1]!.release());
    expect(await screen.findByText(/Rascunho salvo/)).toBeInTheDocument();
  });
});
