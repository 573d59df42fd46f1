import type { AlbumDetail } from '@papo/contract/stores';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi, route, type Call } from '../../../test/fake-api';
import { renderApp, signIn } from '../../../test/render-app';
import { album as storeAlbum } from '../test/staff-api';

const album: AlbumDetail = {
  id: 9,
  name: 'Loja da Feira',
  slug: 'loja-da-feira',
  kind: 'shop',
  category: null,
  country: 'br',
  published: true,
  createdAt: '2026-11-27T10:00:00.000Z',
  cover: 'library/0123456789abcdef0123456789abcdef.png',
  description: 'Barraca de frutas',
  isEmptyDescription: false,
  articleId: null,
  content: [],
  pendingChanges: false,
  revision: 2,
  revisionAuthor: 'editora',
  revisionAt: '2026-11-27T10:00:00.000Z',
};

describe('store cover screen', () => {
  it('answers a stale version with the conflict dialog, not only a message; keeping mine saves on top of theirs', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    let reads = 0;
    const theirs: AlbumDetail = {
      ...album,
      description: 'Barraca do Caio',
      revision: 3,
      revisionAuthor: 'Caio',
      revisionAt: '2026-11-27T10:05:00.000Z',
    };
    const api = mockApi(
      (url) => (url.pathname === '/api/albumInfo/9' ? json(200, reads++ === 0 ? album : theirs) : undefined),
      (url, init) => {
        if (url.pathname !== '/api/uploadAlbumCover') return undefined;
        return new Headers(init.headers).get('If-Match') === '"r2"'
          ? json(412, { message: 'edit_conflict' })
          : json(200, { message: 'cover_saved', cover: null, revision: 4 });
      },
    );
    const user = userEvent.setup();
    renderApp('/albumCover/9');
    const description = await screen.findByRole('textbox', { name: /^Descrição/ });
    await user.clear(description);
    await user.type(description, 'Frutas da estação');
    await user.click(screen.getByRole('button', { name: 'Salvar capa' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Outra pessoa salvou antes de você' });
    expect(dialog).toHaveTextContent(/Caio salvou às/);
    await user.click(within(dialog).getByRole('button', { name: 'Comparar' }));
    expect(within(dialog).getByTestId('compare-theirs')).toHaveTextContent('Barraca do Caio');
    expect(within(dialog).getByTestId('compare-mine')).toHaveTextContent('Frutas da estação');
    expect(screen.queryByText('Capa salva.')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Ficar com a minha (nova versão)' }));
    await screen.findByText('Capa salva.');
    const sent = api.calls('POST', '/api/uploadAlbumCover');
    expect(sent.map((call) => new Headers(call.init.headers).get('If-Match'))).toEqual(['"r2"', '"r3"']);
    expect((sent[1]!.body as FormData).get('description')).toBe('Frutas da estação');
  });

  const fieldsOf = (call: Call | undefined) =>
    Object.fromEntries([...(call?.body as FormData).entries()].map(([key, value]) => [key, String(value)]));
  /** The cover step answering each save with `answer` (the store is read at version 2). */
  const coverServer = (answer: () => Response) =>
    mockApi(
      route('GET', '/api/albumInfo/9', () => json(200, storeAlbum({ description: 'Livros usados' }))),
      (url, init) => (url.pathname === '/api/uploadAlbumCover' && init.method === 'POST' ? answer() : undefined),
    );

  it('saves the description on the version read, without a picture when none was chosen', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    const api = coverServer(() => json(200, { message: 'cover_saved', cover: null, revision: 3 }));
    const user = userEvent.setup();
    renderApp('/albumCover/9');
    const description = await screen.findByRole('textbox', { name: /^Descrição/ }, { timeout: 5_000 });
    expect(description).toHaveValue('Livros usados');
    await user.clear(description);
    await user.type(description, 'Livros usados e raros');
    await user.click(screen.getByRole('button', { name: 'Salvar capa' }));
    expect(await screen.findByText('Capa salva.')).toBeInTheDocument();
    const [save] = api.calls('POST', '/api/uploadAlbumCover');
    expect(fieldsOf(save)).toEqual({ album_id: '9', description: 'Livros usados e raros' });
    expect(new Headers(save?.init.headers).get('If-Match')).toBe('"r2"');
  });

  it('names the rule a refused description broke', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    coverServer(() => json(400, { message: 'validation_failed', errors: { description: ['description_too_long'] } }));
    const user = userEvent.setup();
    renderApp('/albumCover/9');
    await screen.findByRole('textbox', { name: /^Descrição/ }, { timeout: 5_000 });
    await user.click(screen.getByRole('button', { name: 'Salvar capa' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A descrição da capa pode ter até 255 caracteres.');
  });
});
