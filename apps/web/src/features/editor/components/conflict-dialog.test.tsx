import type { ArticleSaved, EditorArticle } from '@papo/contract/editor-articles';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../../test/fake-api';
import { renderApp, signIn } from '../../../test/render-app';
import { emptyArticle } from '../lib/empty-article';

const mine: EditorArticle = {
  ...emptyArticle,
  id: 7,
  title: 'Feira',
  slug: 'feira',
  content: '<p>Frutas</p><p>Legumes</p>',
  category: 1,
  updatedAt: '2026-11-27T10:00:00.000Z',
  revision: 4,
  revisionAuthor: 'editora',
  revisionAt: '2026-11-27T10:00:00.000Z',
  liveSlug: 'feira',
};
const theirs: EditorArticle = {
  ...mine,
  title: 'Feira de domingo',
  content: '<p>Frutas</p><p>Verduras</p>',
  revision: 5,
  revisionAuthor: 'Bia',
  revisionAt: '2026-11-27T10:05:00.000Z',
};
const saved = (revision: number): ArticleSaved => ({
  slug: 'feira',
  liveSlug: 'feira',
  message: 'article_saved',
  revision,
  pendingChanges: false,
});

afterEach(() => {
  vi.useRealTimers();
});

/** The editor at /editor/7 whose first save meets a newer revision (412); later saves go through. */
function conflictingServer() {
  let conflicted = false;
  return mockApi(
    (url) => (url.pathname === '/api/articles/7' ? json(200, conflicted ? theirs : mine) : undefined),
    (url, init) => {
      if (url.pathname !== '/api/editor/articles/7' || init.method !== 'PUT') return undefined;
      if (new Headers(init.headers).get('If-Match') === '"r4"') {
        conflicted = true;
        return json(412, { message: 'edit_conflict' });
      }
      return json(200, saved(6));
    },
    (url, init) =>
      url.pathname === '/api/editor/articles/7/revisions/5/restore' && init.method === 'POST'
        ? json(200, saved(7))
        : undefined,
  );
}

async function typeTitleAndSave(user: ReturnType<typeof userEvent.setup>) {
  const title = await screen.findByRole('textbox', { name: /^Título/ }, { timeout: 15_000 });
  await user.clear(title);
  await user.type(title, 'Feira da tarde');
  await user.click(screen.getByRole('button', { name: 'Salvar agora' }));
  return screen.findByRole('alertdialog', { name: 'Outra pessoa salvou antes de você' });
}

describe('conflict dialog', () => {
  it('says who saved first, compares, and keeps mine as a new revision on top of theirs', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    const api = conflictingServer();
    const user = userEvent.setup();
    renderApp('/editor/7');
    const dialog = await typeTitleAndSave(user);
    expect(dialog).toHaveTextContent(/Bia salvou às .* Nada foi sobrescrito/);
    // Neither choice is a default a stray Enter takes: the dialog opens on "Comparar".
    expect(within(dialog).getByRole('button', { name: 'Comparar' })).toHaveFocus();
    expect(screen.getByTestId('save-status')).toHaveTextContent('outra pessoa salvou antes');

    await user.click(within(dialog).getByRole('button', { name: 'Comparar' }));
    const theirColumn = within(dialog).getByTestId('compare-theirs');
    const myColumn = within(dialog).getByTestId('compare-mine');
    // Mine comes first, as in the merge; each title marks the words only it holds.
    expect(within(dialog).getAllByRole('region').slice(0, 2)).toEqual([myColumn, theirColumn]);
    const titleIn = (column: HTMLElement) => within(column).getByText('Título').nextElementSibling!;
    expect(titleIn(theirColumn)).toHaveTextContent('Feira de domingo');
    expect([...titleIn(theirColumn).querySelectorAll('ins')].map((ins) => ins.textContent)).toEqual(['de', 'domingo']);
    expect(titleIn(myColumn)).toHaveTextContent('Feira da tarde');
    expect([...titleIn(myColumn).querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['da', 'tarde']);
    expect(within(theirColumn).getByText('Verduras')).toHaveAttribute('data-changed', 'true');
    expect(within(myColumn).getByText('Legumes')).toHaveAttribute('data-changed', 'true');
    expect(within(myColumn).getByText('Frutas')).not.toHaveAttribute('data-changed');

    await user.click(within(dialog).getByRole('button', { name: 'Ficar com a minha (nova versão)' }));
    await waitFor(() => expect(api.calls('PUT', '/api/editor/articles/7')).toHaveLength(2));
    const [refused, kept] = api.calls('PUT', '/api/editor/articles/7');
    expect(new Headers(refused!.init.headers).get('If-Match')).toBe('"r4"');
    expect(new Headers(kept!.init.headers).get('If-Match')).toBe('"r5"');
    expect(kept!.body).toMatchObject({ title: 'Feira da tarde', content: '<p>Frutas</p><p>Legumes</p>' });
    expect(await screen.findByText(/Rascunho salvo/)).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('keeps theirs: my text is saved as a revision first (and it says so), then their text is restored and loaded', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn(['ROLE_MODERATOR'], 'editora');
    const api = conflictingServer();
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    renderApp('/editor/7');
    const dialog = await typeTitleAndSave(user);
    // The dialog waits for an answer: no autosave goes out behind it.
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(api.calls('PUT', '/api/editor/articles/7')).toHaveLength(1);

    expect(dialog).toHaveTextContent('Ficar com a versão de Bia guarda antes o seu texto no histórico');

    await user.click(within(dialog).getByRole('button', { name: 'Ficar com a versão de Bia' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Título/ })).toHaveValue('Feira de domingo'));
    expect(await screen.findByText('Verduras')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    // My text went in as a revision on top of theirs, then theirs was restored over it: both are in the history.
    const kept = api.calls('PUT', '/api/editor/articles/7')[1];
    expect(new Headers(kept?.init.headers).get('If-Match')).toBe('"r5"');
    expect(kept?.body).toMatchObject({ title: 'Feira da tarde', content: '<p>Frutas</p><p>Legumes</p>' });
    const restore = api.calls('POST', '/api/editor/articles/7/revisions/5/restore');
    expect(restore).toHaveLength(1);
    expect(new Headers(restore[0]?.init.headers).get('If-Match')).toBe('"r6"');
    expect(screen.getByTestId('editor-notice')).toHaveTextContent('O seu texto foi guardado no histórico');
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(api.calls('PUT', '/api/editor/articles/7')).toHaveLength(2);
  });
  it('merges block by block: per difference mine, theirs or both, saved on top of theirs after mine is kept as a revision', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    const myText = { ...mine, content: '<p>Frutas</p><p>Legumes</p><p>Pão</p>' };
    const theirText = { ...theirs, content: '<p>Frutas</p><p>Verduras</p><p>Pão</p><p>Queijo</p>' };
    let current: EditorArticle = myText;
    let next = 6;
    const api = mockApi(
      (url) => (url.pathname === '/api/articles/7' ? json(200, current) : undefined),
      (url, init, call) => {
        if (url.pathname !== '/api/editor/articles/7' || init.method !== 'PUT') return undefined;
        if (new Headers(init.headers).get('If-Match') === '"r4"') {
          current = theirText;
          return json(412, { message: 'edit_conflict' });
        }
        const body = call.body as { title: string; content: string };
        current = { ...current, title: body.title, content: body.content, revision: next, revisionAuthor: 'editora' };
        return json(200, saved(next++));
      },
    );
    const user = userEvent.setup();
    renderApp('/editor/7');
    const dialog = await typeTitleAndSave(user);
    await user.click(within(dialog).getByRole('button', { name: 'Mesclar' }));
    const merge = within(dialog).getByTestId('merge-view');
    expect(
      within(merge)
        .getAllByTestId('merge-same')
        .map((row) => row.textContent),
    ).toEqual(['Frutas', 'Pão']);
    const rows = within(merge).getAllByTestId('merge-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByTestId('merge-mine')).toHaveTextContent('Legumes');
    expect(within(rows[0]!).getByTestId('merge-theirs')).toHaveTextContent('Verduras');
    expect(within(rows[1]!).getByTestId('merge-mine')).toHaveTextContent('(nada deste lado)');
    // Each difference starts as this editor's text.
    expect(
      within(within(merge).getByRole('group', { name: 'Diferença 1' })).getByRole('radio', { name: 'A minha' }),
    ).toBeChecked();
    await user.click(
      within(within(merge).getByRole('group', { name: 'Diferença 1' })).getByRole('radio', { name: 'As duas' }),
    );
    await user.click(
      within(within(merge).getByRole('group', { name: 'Diferença 2' })).getByRole('radio', { name: 'A de Bia' }),
    );
    await user.click(within(merge).getByRole('button', { name: 'Salvar a mesclagem' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    const puts = api.calls('PUT', '/api/editor/articles/7');
    expect(puts.map((call) => new Headers(call.init.headers).get('If-Match'))).toEqual(['"r4"', '"r5"', '"r6"']);
    // Mine as typed first (a revision on top of theirs), then the merge on top of it.
    expect(puts[1]!.body).toMatchObject({ title: 'Feira da tarde', content: '<p>Frutas</p><p>Legumes</p><p>Pão</p>' });
    expect(puts[2]!.body).toMatchObject({
      title: 'Feira da tarde',
      content: '<p>Frutas</p><p>Legumes</p><p>Verduras</p><p>Pão</p><p>Queijo</p>',
    });
    expect(await screen.findByText('Queijo')).toBeInTheDocument();
    expect(screen.getByText('Verduras')).toBeInTheDocument();
    expect(screen.getByTestId('editor-notice')).toHaveTextContent('A mesclagem foi salva');
  });
});
