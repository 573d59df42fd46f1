import type { EditorArticlePage, EditorArticleRow } from '@papo/contract/editor-articles';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../../test/fake-api';
import { renderApp, signIn } from '../../../test/render-app';

const row = (id: number, title: string, state: Partial<EditorArticleRow> = {}): EditorArticleRow => ({
  id,
  title,
  slug: `artigo-${id}`,
  isPublished: false,
  isLyrics: false,
  category: null,
  categoryKey: null,
  publishAt: null,
  updatedAt: '2026-11-27T10:00:00.000Z',
  descriptionOf: null,
  ...state,
});
const all = [
  row(1, 'Feira de domingo', { isPublished: true }),
  row(2, 'Feira de sábado'),
  row(3, 'Festa junina', { publishAt: '2026-12-01T10:00:00.000Z' }),
];

describe('article list', () => {
  it('searches titles and filters by status through the address and the list call, one request per change', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    // The fake server filters as the real one does, so the rows shown are the answer to the query sent.
    const api = mockApi((url) => {
      if (url.pathname !== '/api/editor_latest') return undefined;
      const q = url.searchParams.get('q')?.toLowerCase() ?? '';
      const status = url.searchParams.get('status');
      const articles = all.filter((a) => {
        const state = a.isPublished ? 'published' : a.publishAt ? 'scheduled' : 'draft';
        return a.title.toLowerCase().includes(q) && (!status || state === status);
      });
      return json(200, { articles, page: 1, hasMore: false } satisfies EditorArticlePage);
    });
    const user = userEvent.setup();
    const { router } = renderApp('/editor_articles?status=draft');

    // The table's rows, its header row first.
    const rows = () => within(screen.getByRole('table')).getAllByRole('row');
    await screen.findByRole('table', {}, { timeout: 15_000 });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[1]).toHaveTextContent('Feira de sábado');
    expect(screen.getByRole('combobox', { name: 'Situação' })).toHaveValue('draft');
    expect(api.paths().filter((p) => p.startsWith('/api/editor_latest'))).toEqual([
      '/api/editor_latest?page=1&status=draft',
    ]);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Situação' }), 'Todos');
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(router.state.location.search).toBe('');

    const search = within(screen.getByRole('search', { name: 'Buscar artigos' }));
    await user.type(search.getByRole('searchbox', { name: 'Buscar pelo título' }), '  FEIRA ');
    // Typing alone sends nothing; the search goes when it is sent.
    expect(api.calls('/api/editor_latest')).toHaveLength(2);
    await user.click(search.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(router.state.location.search).toBe('?q=FEIRA');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Situação' }), 'Publicados');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[1]).toHaveTextContent('Feira de domingo');
    expect(router.state.location.search).toBe('?q=FEIRA&status=published');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Situação' }), 'Agendados');
    expect(await screen.findByText('Nenhum artigo com essa busca ou situação.')).toBeInTheDocument();
    expect(api.paths().filter((p) => p.startsWith('/api/editor_latest'))).toEqual([
      '/api/editor_latest?page=1&status=draft',
      '/api/editor_latest?page=1',
      '/api/editor_latest?page=1&q=FEIRA',
      '/api/editor_latest?page=1&q=FEIRA&status=published',
      '/api/editor_latest?page=1&q=FEIRA&status=scheduled',
    ]);
  });

  it('refills the search box and the filter from the address on Back, and says which store an article describes', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    const rows = [...all, row(4, 'Cantinho do Chá', { descriptionOf: 'Cantinho do Chá' })];
    mockApi((url) => {
      if (url.pathname !== '/api/editor_latest') return undefined;
      const q = url.searchParams.get('q')?.toLowerCase() ?? '';
      return json(200, {
        articles: rows.filter((a) => a.title.toLowerCase().includes(q)),
        page: 1,
        hasMore: false,
      } satisfies EditorArticlePage);
    });
    const user = userEvent.setup();
    const { router } = renderApp('/editor_articles');
    await screen.findByRole('table', {}, { timeout: 15_000 });
    const note = await within(screen.getByRole('table')).findByTestId('store-description-note');
    expect(note).toHaveTextContent('Descrição da loja Cantinho do Chá (mostrada na página dela)');

    const box = () => screen.getByRole('searchbox', { name: 'Buscar pelo título' });
    await user.type(box(), 'feira{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=feira'));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3));
    await user.clear(box());
    await user.type(box(), 'festa{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=festa'));
    // Into an article and back twice: each step shows its own search in the box, and the list answers it.
    await act(() => router.navigate('/editor/3'));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(box()).toHaveValue('festa'));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(box()).toHaveValue('feira'));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(box()).toHaveValue(''));
  });
});
