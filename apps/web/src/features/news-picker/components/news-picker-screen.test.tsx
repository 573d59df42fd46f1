import type { HomeNewsSelection, NewsItem } from '@papo/contract/home';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi, route } from '../../../test/fake-api';
import { renderApp, signIn } from '../../../test/render-app';

describe('news picker', () => {
  it('checks the search with the contract’s schema: an empty subject is said beside the field and nothing is asked', async () => {
    signIn(['ROLE_ADMIN'], 'editora');
    const api = mockApi((url) => (url.pathname === '/api/newsPicker' ? json(200, { results: [] }) : undefined));
    const user = userEvent.setup();
    renderApp('/newsPicker');
    const subject = await screen.findByRole('searchbox', { name: 'Assunto' }, { timeout: 15_000 });
    await user.type(subject, '   ');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Escreva um assunto para buscar.');
    expect(subject).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('/api/newsPicker')).toEqual([]);

    await user.type(subject, 'chuva');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(api.calls('/api/newsPicker')).toHaveLength(1));
    expect(api.calls('/api/newsPicker')[0]?.url.searchParams.get('query')).toBe('chuva');
    expect(subject).not.toHaveAttribute('aria-invalid');
  });

  it('asks before leaving with ticked, unsaved news, and a save from a stale picker opens the conflict dialog', async () => {
    signIn(['ROLE_ADMIN'], 'editora');
    const news = (title: string): NewsItem => ({
      title,
      link: `https://example.com/${title.length}`,
      snippet: '',
      pagemap: { cse_image: [] },
    });
    // A colleague saves their choice after this picker read the empty selection.
    let selection: HomeNewsSelection = { lang: 'pt', items: [], revision: 0 };
    const api = mockApi(
      route('GET', '/api/homeNews', () => json(200, selection)),
      (url) =>
        url.pathname === '/api/newsPicker' ? json(200, { results: [news('Chuva'), news('Festival')] }) : undefined,
      route('PUT', '/api/homeNews', (_url, init) => {
        if (new Headers(init.headers).get('If-Match') !== `"r${selection.revision}"`)
          return json(412, { message: 'edit_conflict' });
        return json(200, { message: 'home_news_saved', count: 2, revision: 9 });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/newsPicker');
    await user.type(await screen.findByRole('searchbox', { name: 'Assunto' }, { timeout: 15_000 }), 'chuva');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Selecionar todas' }));
    expect(await screen.findByTestId('news-current')).toHaveTextContent('Nenhuma notícia escolhida');

    await act(() => router.navigate('/'));
    const leave = await screen.findByTestId('leave-dialog');
    await user.click(within(leave).getByRole('button', { name: 'Continuar editando' }));
    expect(router.state.location.pathname).toBe('/newsPicker');

    selection = { lang: 'pt', items: [news('Escolha da colega')], revision: 7 };
    await user.click(screen.getByRole('button', { name: 'Salvar 2 notícias na página inicial' }));
    const conflict = await screen.findByRole('alertdialog', { name: 'Outra pessoa salvou antes de você' });
    expect(new Headers(api.calls('PUT', '/api/homeNews')[0]?.init.headers).get('If-Match')).toBe('"r0"');
    await user.click(within(conflict).getByRole('button', { name: 'Comparar' }));
    expect(screen.getByTestId('compare-theirs')).toHaveTextContent('Escolha da colega');
    await user.click(within(conflict).getByRole('button', { name: 'Ficar com a minha (nova versão)' }));
    expect(await screen.findByText('2 notícias publicadas na página inicial.')).toBeInTheDocument();
    expect(new Headers(api.calls('PUT', '/api/homeNews')[1]?.init.headers).get('If-Match')).toBe('"r7"');
    // Saved: leaving no longer asks.
    await act(() => router.navigate('/'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
