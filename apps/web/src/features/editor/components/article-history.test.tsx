import type { ArticleRevisionList, ArticleSaved, EditorArticle } from '@papo/contract/editor-articles';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../../test/fake-api';
import { renderApp, signIn } from '../../../test/render-app';
import { emptyArticle } from '../lib/empty-article';

const live: EditorArticle = {
  ...emptyArticle,
  id: 7,
  title: 'Feira, revista',
  slug: 'feira',
  content: '<p>Texto novo</p>',
  category: 1,
  isPublished: true,
  publishedAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  revision: 12,
  revisionAuthor: 'Bia',
  revisionAt: '2026-11-27T10:00:00.000Z',
  pendingChanges: true,
  liveSlug: 'feira',
};
const history: ArticleRevisionList = {
  revisions: [
    {
      id: 12,
      authorName: 'Bia',
      createdAt: '2026-11-27T10:00:00.000Z',
      title: 'Feira, revista',
      slug: 'feira',
      publishedAt: null,
      restoredFrom: null,
      isHead: true,
      isLive: false,
    },
    {
      id: 11,
      authorName: null,
      createdAt: '2026-11-26T10:00:00.000Z',
      title: 'Feira',
      slug: 'feira',
      publishedAt: null,
      restoredFrom: 9,
      isHead: false,
      isLive: false,
    },
    {
      id: 9,
      authorName: 'Caio',
      createdAt: '2026-11-20T10:00:00.000Z',
      title: 'Feira',
      slug: 'feira',
      publishedAt: '2026-11-20T10:00:00.000Z',
      restoredFrom: null,
      isHead: false,
      isLive: true,
    },
  ],
};

describe('history panel', () => {
  it('lists every save with who and when, marks the current and the live one, and restores one into the editor', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    let restored = false;
    const api = mockApi(
      (url) =>
        url.pathname === '/api/articles/7'
          ? json(
              200,
              restored
                ? { ...live, title: 'Feira', content: '<p>Texto antigo</p>', revision: 13, pendingChanges: false }
                : live,
            )
          : undefined,
      (url) => (url.pathname === '/api/editor/articles/7/revisions' ? json(200, history) : undefined),
      (url, init) => {
        if (url.pathname !== '/api/editor/articles/7/revisions/9/restore' || init.method !== 'POST') return undefined;
        restored = true;
        return json(200, {
          slug: 'feira',
          liveSlug: 'feira',
          message: 'article_saved',
          revision: 13,
          pendingChanges: false,
        } satisfies ArticleSaved);
      },
    );
    const user = userEvent.setup();
    renderApp('/editor/7');
    expect(await screen.findByTestId('live-state', {}, { timeout: 15_000 })).toHaveTextContent(
      /alterações ficam salvas como rascunho/,
    );
    await user.click(screen.getByRole('button', { name: 'Histórico' }));

    const panel = await screen.findByRole('dialog', { name: 'Histórico de versões' });
    const rows = await within(panel).findAllByTestId('revision');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Bia');
    expect(rows[0]).toHaveTextContent('Atual');
    expect(within(rows[0]!).queryByRole('button', { name: /Restaurar/ })).not.toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Conta removida');
    expect(rows[1]).toHaveTextContent('Restaurada da versão 9');
    expect(rows[2]).toHaveTextContent('Caio');
    expect(rows[2]).toHaveTextContent('No site');
    expect(within(rows[2]!).getByRole('time')).toHaveAttribute('dateTime', '2026-11-20T10:00:00.000Z');

    await user.click(within(rows[2]!).getByRole('button', { name: /Restaurar a versão de/ }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Histórico de versões' })).not.toBeInTheDocument());
    // The restore names the revision the editor held, so it cannot undo a save it has not seen.
    const restore = api.calls('POST', '/api/editor/articles/7/revisions/9/restore')[0]!;
    expect(new Headers(restore.init.headers).get('If-Match')).toBe('"r12"');
    expect(await screen.findByRole('textbox', { name: /^Título/ })).toHaveValue('Feira');
    expect(await screen.findByText('Texto antigo', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByTestId('live-state')).toHaveTextContent(/o site mostra esta versão/);
  });

  it('says so when the history cannot be read, and tries again', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    let failures = 1;
    mockApi(
      (url) => (url.pathname === '/api/articles/7' ? json(200, live) : undefined),
      (url) => {
        if (url.pathname !== '/api/editor/articles/7/revisions') return undefined;
        return failures-- > 0 ? json(503, { message: 'service_unavailable' }) : json(200, history);
      },
    );
    const user = userEvent.setup();
    renderApp('/editor/7');
    await user.click(await screen.findByRole('button', { name: 'Histórico' }, { timeout: 15_000 }));
    const panel = await screen.findByRole('dialog', { name: 'Histórico de versões' });
    await user.click(await within(panel).findByRole('button', { name: /Tentar|Try/ }));
    expect(await within(panel).findAllByTestId('revision')).toHaveLength(3);
  });

  it('tells the editor of a live article that its old address will redirect when the slug changes', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    mockApi((url) => (url.pathname === '/api/articles/7' ? json(200, live) : undefined));
    const user = userEvent.setup();
    renderApp('/editor/7');
    const slug = await screen.findByRole('textbox', { name: /^Endereço/ }, { timeout: 15_000 });
    expect(screen.queryByTestId('slug-redirect')).not.toBeInTheDocument();
    await user.clear(slug);
    await user.type(slug, 'feira-de-domingo');
    expect(screen.getByTestId('slug-redirect')).toHaveTextContent('/blog/feira');
  });

  it('opens a row’s differences against the text now: words removed struck out, words added underlined', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    const api = mockApi(
      (url) => (url.pathname === '/api/articles/7' ? json(200, live) : undefined),
      (url) => (url.pathname === '/api/editor/articles/7/revisions' ? json(200, history) : undefined),
      (url) =>
        url.pathname === '/api/editor/articles/7/revisions/9'
          ? json(200, {
              ...history.revisions[2]!,
              content: '<p>Texto antigo</p>',
              description: '',
              cover: null,
              images: [],
              youtube: null,
            })
          : undefined,
    );
    const user = userEvent.setup();
    renderApp('/editor/7');
    await user.click(await screen.findByRole('button', { name: 'Histórico' }, { timeout: 15_000 }));
    const panel = await screen.findByRole('dialog', { name: 'Histórico de versões' });
    const rows = await within(panel).findAllByTestId('revision');
    expect(within(rows[0]!).queryByRole('button', { name: /^Diferenças/ })).not.toBeInTheDocument();
    await user.click(within(rows[2]!).getByRole('button', { name: /^Diferenças entre a versão de/ }));
    const differences = await within(rows[2]!).findByTestId('revision-differences');
    await waitFor(() => expect(differences.querySelector('del')).not.toBeNull());
    // Words as written: "Feira" became "Feira, revista", "antigo" became "novo"; "Texto" stayed.
    expect([...differences.querySelectorAll('del')].map((el) => el.textContent)).toEqual(['Feira', 'antigo']);
    expect([...differences.querySelectorAll('ins')].map((el) => el.textContent)).toEqual(['Feira, revista', 'novo']);
    expect(differences).toHaveTextContent('Texto');
    expect(api.calls('/api/editor/articles/7/revisions/9')).toHaveLength(1);
  });

  it('says per row what the save changed, and shows seconds for saves of the same minute', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    const unchanged = { fields: [], slotsAdded: [], slotsRemoved: [], slotsChanged: [] };
    const rows = history.revisions;
    mockApi(
      (url) => (url.pathname === '/api/articles/7' ? json(200, live) : undefined),
      (url) =>
        url.pathname === '/api/editor/articles/7/revisions'
          ? json(200, {
              revisions: [
                {
                  ...rows[0]!,
                  createdAt: '2026-11-27T10:00:41.000Z',
                  changes: { ...unchanged, characters: { added: 120, removed: 4 } },
                },
                {
                  ...rows[1]!,
                  createdAt: '2026-11-27T10:00:07.000Z',
                  changes: { ...unchanged, fields: ['title', 'cover'], characters: { added: 0, removed: 0 } },
                },
                { ...rows[2]!, changes: null },
              ],
            } satisfies ArticleRevisionList)
          : undefined,
    );
    const user = userEvent.setup();
    renderApp('/editor/7');
    await user.click(await screen.findByRole('button', { name: 'Histórico' }, { timeout: 15_000 }));
    const panel = await screen.findByRole('dialog', { name: 'Histórico de versões' });
    const [newest, restored, oldest] = await within(panel).findAllByTestId('revision');
    expect(within(newest!).getByTestId('revision-summary')).toHaveTextContent('+120 −4 caracteres');
    expect(within(restored!).getByTestId('revision-summary')).toHaveTextContent('Mudou: título, capa');
    expect(within(oldest!).getByTestId('revision-summary')).toHaveTextContent('Primeira versão guardada');
    // Same minute: the seconds tell the two apart; the lone save of another day needs none.
    const seconds = (row: HTMLElement) => within(row).getByRole('time').textContent ?? '';
    expect(seconds(newest!)).toMatch(/:41$/);
    expect(seconds(restored!)).toMatch(/:07$/);
    expect(seconds(oldest!)).toMatch(/^[^:]*:\d\d$/);
  });
});
