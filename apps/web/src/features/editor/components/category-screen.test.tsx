import type { CategorySaved, EditorArticle } from '@papo/contract/editor-articles';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../../test/fake-api';
import { renderApp, signIn } from '../../../test/render-app';
import { emptyArticle } from '../lib/empty-article';

const draft: EditorArticle = {
  ...emptyArticle,
  id: 7,
  title: 'Feira',
  slug: 'feira',
  liveSlug: 'feira',
  revision: 2,
  revisionAuthor: 'editora',
  revisionAt: '2026-11-27T10:00:00.000Z',
};

describe('category step', () => {
  it('checks the step with the contract’s schema: no call until a category is chosen, then one save with it', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    const api = mockApi(
      (url) => (url.pathname === '/api/articles/7' ? json(200, draft) : undefined),
      (url) =>
        url.pathname === '/api/article-categories' ? json(200, [{ id: 1, key: 'music', name: 'Música' }]) : undefined,
      (url, init) =>
        url.pathname === '/api/editor_edit2/7' && init.method === 'PUT'
          ? json(200, { message: 'article_saved', revision: 3 } satisfies CategorySaved)
          : undefined,
    );
    const user = userEvent.setup();
    renderApp('/editor_step2/7');
    const save = await screen.findByRole('button', { name: 'Salvar' }, { timeout: 15_000 });
    await user.click(save);
    expect(await screen.findByText('Escolha uma categoria.')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/editor_edit2/7')).toEqual([]);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Categoria' }), '1');
    await user.click(save);
    await waitFor(() => expect(api.calls('PUT', '/api/editor_edit2/7')).toHaveLength(1));
    expect(new URLSearchParams(String(api.calls('PUT', '/api/editor_edit2/7')[0]?.init.body)).get('category')).toBe(
      '1',
    );
  });

  it('asks a lyric for its composer, and sends it with the step; an article that is no song sends none', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    const lyric: EditorArticle = { ...draft, category: 1, isLyrics: true, composer: 'Chiquinha Gonzaga' };
    const api = mockApi(
      (url) => (url.pathname === '/api/articles/7' ? json(200, lyric) : undefined),
      (url) =>
        url.pathname === '/api/article-categories' ? json(200, [{ id: 1, key: 'music', name: 'Música' }]) : undefined,
      (url, init) =>
        url.pathname === '/api/editor_edit2/7' && init.method === 'PUT'
          ? json(200, { message: 'article_saved', revision: 3 } satisfies CategorySaved)
          : undefined,
    );
    const user = userEvent.setup();
    renderApp('/editor_step2/7');
    const composer = await screen.findByRole('textbox', { name: 'Compositor(a)' }, { timeout: 15_000 });
    expect(composer).toHaveValue('Chiquinha Gonzaga');
    expect(composer).toHaveAccessibleDescription(/domínio público/);
    await user.clear(composer);
    await user.type(composer, 'Ernesto Nazareth');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.calls('PUT', '/api/editor_edit2/7')).toHaveLength(1));
    expect(new URLSearchParams(String(api.calls('PUT', '/api/editor_edit2/7')[0]?.init.body)).get('composer')).toBe(
      'Ernesto Nazareth',
    );

    await user.click(screen.getByRole('switch', { name: 'É letra de música?' }));
    expect(screen.queryByRole('textbox', { name: 'Compositor(a)' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.calls('PUT', '/api/editor_edit2/7')).toHaveLength(2));
    expect(new URLSearchParams(String(api.calls('PUT', '/api/editor_edit2/7')[1]?.init.body)).get('composer')).toBe('');
  });

  it('takes the schedule typed in the app’s format, refuses a date that does not exist, and sends the time', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    const scheduled: EditorArticle = { ...draft, category: 1, isPublished: true };
    const api = mockApi(
      (url) => (url.pathname === '/api/articles/7' ? json(200, scheduled) : undefined),
      (url) =>
        url.pathname === '/api/article-categories' ? json(200, [{ id: 1, key: 'music', name: 'Música' }]) : undefined,
      (url, init) =>
        url.pathname === '/api/editor_edit2/7' && init.method === 'PUT'
          ? json(200, { message: 'article_scheduled', revision: 3 } satisfies CategorySaved)
          : undefined,
    );
    const user = userEvent.setup();
    renderApp('/editor_step2/7');
    const group = await screen.findByRole('group', { name: 'Publicar em (opcional)' }, { timeout: 15_000 });
    const date = screen.getByRole('textbox', { name: 'Data (dd/mm/aaaa)' });
    const time = screen.getByRole('textbox', { name: 'Hora (hh:mm)' });
    expect(group).toContainElement(date);
    expect(date).toHaveAttribute('placeholder', 'dd/mm/aaaa');
    expect(date).toHaveAccessibleDescription(/uma data futura agenda/);

    await user.type(date, '31/02/2031');
    await user.type(time, '14:30');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Corrija a data de publicação.')).toBeInTheDocument();
    expect(date).toHaveAccessibleDescription(/escreva a data como dd\/mm\/aaaa e a hora como hh:mm/);
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('PUT', '/api/editor_edit2/7')).toEqual([]);

    await user.clear(date);
    await user.type(date, '28/02/2031');
    expect(date).not.toHaveAccessibleDescription(/escreva a data/);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.calls('PUT', '/api/editor_edit2/7')).toHaveLength(1));
    const sent = new URLSearchParams(String(api.calls('PUT', '/api/editor_edit2/7')[0]?.init.body)).get('publishAt');
    expect(sent).toBe(new Date(2031, 1, 28, 14, 30).toISOString());
  });
});
