import type { RecordRevisionList } from '@papo/contract/editor';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../../test/fake-api';
import { renderApp, signIn } from '../../../test/render-app';
import { album, categories } from '../test/staff-api';

const history: RecordRevisionList = {
  revisions: [
    { id: 2, authorName: 'editora', createdAt: '2026-11-27T10:00:00.000Z', title: 'Loja da Feira', isHead: true },
    { id: 1, authorName: 'Caio', createdAt: '2026-11-20T10:00:00.000Z', title: 'Feira Antiga', isHead: false },
  ],
};

describe('album form: history', () => {
  it('lists the store’s saves with who and when, and restores one into the form as the newest version', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    let restored = false;
    const api = mockApi(
      (url) => (url.pathname === '/api/album-categories' ? json(200, categories) : undefined),
      (url) =>
        url.pathname === '/api/albumInfo/9'
          ? json(200, restored ? album({ name: 'Feira Antiga', slug: 'feira-antiga', revision: 3 }) : album())
          : undefined,
      (url) => (url.pathname === '/api/album/9/revisions' ? json(200, history) : undefined),
      (url, init) => {
        if (url.pathname !== '/api/album/9/revisions/1/restore' || init.method !== 'POST') return undefined;
        restored = true;
        return json(
          200,
          album({ name: 'Feira Antiga', slug: 'feira-antiga', country: 'pt', revision: 3, revisionAuthor: 'Caio' }),
        );
      },
      (url) =>
        url.pathname === '/api/album_edit/9'
          ? json(200, { slug: 'feira-antiga', message: 'album_saved', revision: 4 })
          : undefined,
    );
    const user = userEvent.setup();
    renderApp('/albumAdd/9');
    await user.click(await screen.findByRole('button', { name: 'Histórico' }, { timeout: 5_000 }));
    const panel = await screen.findByRole('dialog', { name: 'Histórico de versões' });
    const rows = await within(panel).findAllByTestId('revision');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Atual');
    expect(rows[1]).toHaveTextContent('Caio');
    expect(rows[1]).toHaveTextContent('Feira Antiga');
    expect(within(rows[0]!).queryByRole('button', { name: /Restaurar/ })).toBeNull();
    await user.click(within(rows[1]!).getByRole('button', { name: /Restaurar a versão de/ }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Histórico de versões' })).toBeNull());
    expect(screen.getByLabelText(/^Nome do álbum/)).toHaveValue('Feira Antiga');
    expect(screen.getByText('Versão restaurada.')).toBeInTheDocument();
    expect(new Headers(api.calls('POST', '/api/album/9/revisions/1/restore')[0]!.init.headers).get('If-Match')).toBe(
      '"r2"',
    );
    // The next save names the restored version, not the one the form first read.
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.calls('PUT', '/api/album_edit/9')).toHaveLength(1));
    expect(new Headers(api.calls('PUT', '/api/album_edit/9')[0]!.init.headers).get('If-Match')).toBe('"r3"');
  });

  it('says on each row what its save changed and opens a kept version in place with "Ver"', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    const changed: RecordRevisionList = {
      revisions: [
        {
          ...history.revisions[0]!,
          changes: { fields: ['name', 'country'], slotsAdded: [2], slotsRemoved: [0, 1], slotsChanged: [] },
        },
        { ...history.revisions[1]!, changes: null },
      ],
    };
    const api = mockApi(
      (url) => (url.pathname === '/api/album-categories' ? json(200, categories) : undefined),
      (url) => (url.pathname === '/api/albumInfo/9' ? json(200, album()) : undefined),
      (url) => (url.pathname === '/api/album/9/revisions' ? json(200, changed) : undefined),
      (url) =>
        url.pathname === '/api/album/9/revisions/1'
          ? json(200, {
              id: 1,
              authorName: 'Caio',
              createdAt: '2026-11-20T10:00:00.000Z',
              name: 'Feira Antiga',
              country: 'pt',
              categoryId: 4,
              cover: null,
              description: 'Frutas',
              items: [
                {
                  position: 0,
                  image: 'stores/a.png',
                  thumbnail: 'stores/a-t.png',
                  actionUrl: 'https://example.com/caneca',
                  description: 'Caneca',
                },
              ],
            })
          : undefined,
    );
    const user = userEvent.setup();
    renderApp('/albumAdd/9');
    await user.click(await screen.findByRole('button', { name: 'Histórico' }, { timeout: 5_000 }));
    const panel = await screen.findByRole('dialog', { name: 'Histórico de versões' });
    const rows = await within(panel).findAllByTestId('revision');
    expect(within(rows[0]!).getByTestId('revision-summary')).toHaveTextContent(
      'Mudou: nome, país · produto 3 adicionado · produtos 1, 2 removidos',
    );
    expect(within(rows[1]!).getByTestId('revision-summary')).toHaveTextContent('Primeira versão guardada');
    expect(api.calls('GET', '/api/album/9/revisions/1')).toHaveLength(0);

    const view = within(rows[1]!).getByRole('button', { name: /^Ver a versão de/ });
    await user.click(view);
    expect(view).toHaveAttribute('aria-expanded', 'true');
    const kept = await within(rows[1]!).findByTestId('revision-view');
    expect(kept).toHaveTextContent('Nome do álbum: Feira Antiga');
    expect(kept).toHaveTextContent('Portugal');
    expect(kept).toHaveTextContent('Música');
    expect(kept).toHaveTextContent('Produto 1: Caneca — https://example.com/caneca');
    await user.click(view);
    expect(within(rows[1]!).queryByTestId('revision-view')).toBeNull();
    expect(api.calls('GET', '/api/album/9/revisions/1')).toHaveLength(1);
  });

  it('a restore over a newer save opens the conflict dialog with their version', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    let reads = 0;
    mockApi(
      (url) => (url.pathname === '/api/album-categories' ? json(200, categories) : undefined),
      (url) =>
        url.pathname === '/api/albumInfo/9'
          ? json(200, reads++ === 0 ? album() : album({ name: 'Loja do Caio', revision: 5, revisionAuthor: 'Caio' }))
          : undefined,
      (url) => (url.pathname === '/api/album/9/revisions' ? json(200, history) : undefined),
      (url) =>
        url.pathname === '/api/album/9/revisions/1/restore' ? json(412, { message: 'edit_conflict' }) : undefined,
    );
    const user = userEvent.setup();
    renderApp('/albumAdd/9');
    await user.click(await screen.findByRole('button', { name: 'Histórico' }, { timeout: 5_000 }));
    const panel = await screen.findByRole('dialog', { name: 'Histórico de versões' });
    await user.click(
      within((await within(panel).findAllByTestId('revision'))[1]!).getByRole('button', {
        name: /Restaurar a versão de/,
      }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Outra pessoa salvou antes de você' });
    await user.click(within(dialog).getByRole('button', { name: 'Ficar com a versão de Caio' }));
    expect(screen.getByLabelText(/^Nome do álbum/)).toHaveValue('Loja do Caio');
  });
});
