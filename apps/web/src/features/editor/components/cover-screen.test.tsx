import type { EditorArticle } from '@papo/contract/editor-articles';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../../test/fake-api';
import { renderApp, signIn } from '../../../test/render-app';
import { emptyArticle } from '../lib/empty-article';

const read: EditorArticle = {
  ...emptyArticle,
  id: 7,
  title: 'Feira',
  slug: 'feira',
  liveSlug: 'feira',
  revision: 2,
  revisionAuthor: 'editora',
  revisionAt: '2026-11-27T10:00:00.000Z',
};
const theirs: EditorArticle = {
  ...read,
  description: 'Legenda de Bia',
  revision: 4,
  revisionAuthor: 'Bia',
  revisionAt: '2026-11-27T10:05:00.000Z',
};

describe('cover step', () => {
  it('sends the version it read; on a newer save shows the conflict dialog, and "keep mine" saves on top of theirs', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    let reads = 0;
    let saves = 0;
    const api = mockApi(
      (url) => (url.pathname === '/api/articles/7' ? json(200, reads++ === 0 ? read : theirs) : undefined),
      (url, init) => {
        if (url.pathname !== '/api/uploadArticleCover' || init.method !== 'POST') return undefined;
        return saves++ === 0
          ? json(412, { message: 'edit_conflict' })
          : json(200, { message: 'cover_saved', revision: 5 });
      },
    );
    const user = userEvent.setup();
    renderApp('/editor_image/7');
    const description = await screen.findByLabelText(/^Descrição/, {}, { timeout: 15_000 });
    await user.type(description, 'Minha legenda');
    await user.click(screen.getByRole('button', { name: 'Salvar capa' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Outra pessoa salvou antes de você' });
    expect(dialog).toHaveTextContent(/Bia salvou às/);
    await user.click(within(dialog).getByRole('button', { name: 'Comparar' }));
    expect(within(dialog).getByTestId('compare-theirs')).toHaveTextContent('Legenda de Bia');
    expect(within(dialog).getByTestId('compare-mine')).toHaveTextContent('Minha legenda');
    await user.click(within(dialog).getByRole('button', { name: 'Ficar com a minha (nova versão)' }));
    expect(await screen.findByText('Capa salva.')).toBeInTheDocument();
    const posts = api.calls('POST', '/api/uploadArticleCover');
    expect(posts.map((call) => new Headers(call.init.headers).get('If-Match'))).toEqual(['"r2"', '"r4"']);
    expect((posts[1]!.init.body as FormData).get('description')).toBe('Minha legenda');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });
  it('keeping theirs first saves the typed description on top of theirs, then restores theirs, and says so', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    let reads = 0;
    const api = mockApi(
      (url) => (url.pathname === '/api/articles/7' ? json(200, reads++ === 0 ? read : theirs) : undefined),
      (url, init) => {
        if (url.pathname !== '/api/uploadArticleCover' || init.method !== 'POST') return undefined;
        return new Headers(init.headers).get('If-Match') === '"r2"'
          ? json(412, { message: 'edit_conflict' })
          : json(200, { message: 'cover_saved', revision: 5 });
      },
      (url) =>
        url.pathname === '/api/editor/articles/7/revisions/4/restore'
          ? json(200, { slug: 'feira', message: 'draft_saved', revision: 6, pendingChanges: false, liveSlug: 'feira' })
          : undefined,
    );
    const user = userEvent.setup();
    renderApp('/editor_image/7');
    const description = await screen.findByLabelText(/^Descrição/, {}, { timeout: 15_000 });
    await user.type(description, 'Minha legenda');
    await user.click(screen.getByRole('button', { name: 'Salvar capa' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Outra pessoa salvou antes de você' });
    await user.click(within(dialog).getByRole('button', { name: 'Ficar com a versão de Bia' }));
    expect(await screen.findByText(/O seu texto foi guardado no histórico/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^Descrição/)).toHaveValue('Legenda de Bia'));
    const posts = api.calls('POST', '/api/uploadArticleCover');
    expect(posts.map((call) => new Headers(call.init.headers).get('If-Match'))).toEqual(['"r2"', '"r4"']);
    expect((posts[1]!.init.body as FormData).get('description')).toBe('Minha legenda');
    const restores = api.calls('POST', '/api/editor/articles/7/revisions/4/restore');
    expect(restores.map((call) => new Headers(call.init.headers).get('If-Match'))).toEqual(['"r5"']);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
