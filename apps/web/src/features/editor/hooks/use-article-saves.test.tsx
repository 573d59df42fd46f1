import type { EditorArticle } from '@papo/contract/editor-articles';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { createContext, useContext, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeDefaults } from '../../../lib/write-defaults';
import { json, mockApi, type Route } from '../../../test/fake-api';
import { emptyArticle } from '../lib/empty-article';
import { useArticleFields } from './use-article-fields';
import { autosaveDelay, useArticleSaves } from './use-article-saves';

const article: EditorArticle = {
  ...emptyArticle,
  id: 7,
  title: 'Feira',
  slug: 'feira',
  content: '<p>Frutas</p>',
  category: 1,
  revision: 3,
  revisionAuthor: 'editora',
  revisionAt: '2026-11-27T10:00:00.000Z',
  liveSlug: 'feira',
};
const saved = { slug: 'feira', liveSlug: 'feira', message: 'article_saved', revision: 4, pendingChanges: false };

/** Answers the article's saves with what `answer` makes of the n-th one (from 1). */
function saves(answer: (n: number) => Response | Promise<Response>): Route {
  let n = 0;
  return (url, init) => (url.pathname === '/api/editor/articles/7' && init.method === 'PUT' ? answer(++n) : undefined);
}

/** The form's two hooks together, as the editor uses them. */
function useEditor(onReload: () => void) {
  const fields = useArticleFields(article);
  return { fields, saves: useArticleSaves({ article, recovered: false, typed: fields.typed, onReload }) };
}

// the leave guard needs a data router, whose routes are made once: the hook under test reaches its route
// through a context, so each of the test's renders goes in the same router.
const HookSlot = createContext<ReactNode>(null);
function Slot() {
  return <>{useContext(HookSlot)}</>;
}

function renderEditor() {
  const router = createMemoryRouter([{ path: '*', element: <Slot /> }], { initialEntries: ['/editor/7'] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: writeDefaults } });
  const onReload = vi.fn();
  const view = renderHook(() => useEditor(onReload), {
    wrapper: ({ children }) => (
      <QueryClientProvider client={queryClient}>
        <HookSlot.Provider value={children}>
          <RouterProvider router={router} />
        </HookSlot.Provider>
      </QueryClientProvider>
    ),
  });
  /** Types a description, as the form does: the field changes and the saves hear of it. */
  const type = (description: string) =>
    act(() => {
      view.result.current.fields.setDescription(description);
      view.result.current.saves.touch();
    });
  return { ...view, type };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('article saves', () => {
  it('saves by itself once the text has been quiet for the autosave delay, each change starting the wait again', async () => {
    const api = mockApi(saves(() => json(200, saved)));
    const { result, type } = renderEditor();
    type('Frutas');
    await advance(autosaveDelay - 1);
    type('Frutas da estação');
    await advance(autosaveDelay - 1);
    expect(api.calls('PUT', '/api/editor/articles/7')).toEqual([]);
    await advance(1);
    const puts = api.calls('PUT', '/api/editor/articles/7');
    expect(puts.map((put) => put.body)).toMatchObject([{ description: 'Frutas da estação', title: 'Feira' }]);
    expect(puts[0]?.url.searchParams.get('autosave')).toBe('1');
    expect(new Headers(puts[0]?.init.headers).get('If-Match')).toBe('"r3"');
    expect(result.current.saves.save.kind).toBe('saved');
    expect(result.current.saves.dirty).toBe(false);
  });

  it('tries a failed save again after 5 s, then twice as long each time, never more than a minute apart', async () => {
    const api = mockApi(saves(() => Promise.reject(new TypeError('Failed to fetch'))));
    const { result, type } = renderEditor();
    const sent = () => api.calls('PUT', '/api/editor/articles/7').length;
    type('Frutas');
    await advance(autosaveDelay);
    expect(sent()).toBe(1);
    for (const [index, wait] of [5000, 10_000, 20_000, 40_000, 60_000, 60_000].entries()) {
      expect(result.current.saves.save).toEqual({ kind: 'retrying', at: Date.now() + wait });
      await advance(wait - 1);
      expect(sent()).toBe(index + 1);
      await advance(1);
      expect(sent()).toBe(index + 2);
    }
    expect(result.current.saves.dirty).toBe(true);
  });

  it('with the browser offline, says so and tries again, then saves at once when the network is back', async () => {
    let online = false;
    const api = mockApi(saves(() => (online ? json(200, saved) : Promise.reject(new TypeError('Failed to fetch')))));
    onlineManager.setOnline(false);
    try {
      const { result, type } = renderEditor();
      type('Frutas');
      await advance(autosaveDelay);
      // Not a save held back without a word: the editor's own retry says the network is missing.
      expect(api.calls('PUT', '/api/editor/articles/7')).toHaveLength(1);
      expect(result.current.saves.save).toEqual({ kind: 'retrying', at: Date.now() + 5000 });
      online = true;
      onlineManager.setOnline(true);
      await act(async () => {
        window.dispatchEvent(new Event('online'));
        await vi.advanceTimersByTimeAsync(0);
      });
      expect(api.calls('PUT', '/api/editor/articles/7')).toHaveLength(2);
      expect(result.current.saves.save.kind).toBe('saved');
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('on a 412 writes nothing more: the save stops at the conflict and shows the text saved meanwhile', async () => {
    const api = mockApi(
      saves(() => json(412, { message: 'edit_conflict' })),
      (url, init) =>
        url.pathname === '/api/articles/7' && init.method !== 'PUT'
          ? json(200, { ...article, title: 'Feira de domingo', revision: 5, revisionAuthor: 'outra' })
          : undefined,
    );
    const { result, type } = renderEditor();
    type('Frutas');
    await advance(autosaveDelay);
    expect(result.current.saves.save.kind).toBe('conflict');
    expect(result.current.saves.theirs).toMatchObject({ title: 'Feira de domingo', revision: 5 });
    type('Frutas e legumes');
    await advance(autosaveDelay * 4);
    expect(api.calls('PUT', '/api/editor/articles/7')).toHaveLength(1);
    expect(result.current.saves.save.kind).toBe('conflict');
  });

  it('a save that comes due while another is on its way runs once, after it, with the newest text', async () => {
    const releases: (() => void)[] = [];
    const api = mockApi(
      saves(
        (n) =>
          new Promise<Response>((resolve) => {
            releases.push(() => resolve(json(200, { ...saved, revision: 3 + n })));
          }),
      ),
    );
    const { result, type } = renderEditor();
    const sent = () => api.calls('PUT', '/api/editor/articles/7').map((put) => put.body);
    type('Frutas');
    await advance(autosaveDelay);
    expect(sent()).toHaveLength(1);
    type('Frutas e');
    await advance(autosaveDelay);
    type('Frutas e legumes');
    await act(() => result.current.saves.persist());
    await advance(autosaveDelay);
    expect(sent()).toHaveLength(1);

    await act(async () => releases[0]?.());
    expect(result.current.saves.save.kind).toBe('dirty');
    await advance(autosaveDelay);
    expect(sent()).toMatchObject([{ description: 'Frutas' }, { description: 'Frutas e legumes' }]);
    await act(async () => releases[1]?.());
    await advance(autosaveDelay * 4);
    expect(sent()).toHaveLength(2);
    expect(result.current.saves.save.kind).toBe('saved');
    expect(new Headers(api.calls('PUT', '/api/editor/articles/7')[1]?.init.headers).get('If-Match')).toBe('"r4"');
  });

  it('keeps what is typed in the browser until a save takes it, and Ctrl+S saves at once', async () => {
    const api = mockApi(saves(() => json(200, saved)));
    const { type } = renderEditor();
    type('Frutas');
    await advance(800);
    expect(JSON.parse(localStorage.getItem('papo:article-draft:7') ?? '{}')).toMatchObject({
      description: 'Frutas',
      revision: 3,
    });
    await act(async () => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 's', ctrlKey: true }));
    });
    await advance(0);
    const puts = api.calls('PUT', '/api/editor/articles/7');
    expect(puts).toHaveLength(1);
    expect(puts[0]?.url.searchParams.get('autosave')).toBeNull();
    expect(localStorage.getItem('papo:article-draft:7')).toBeNull();
  });
});
