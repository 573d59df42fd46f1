import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { json, mockApi } from '../../../test/fake-api';
import { article, categories } from '../test/articles-api';

const firstLoad = { timeout: 5_000 };

function listRoute(url: URL) {
  if (url.pathname === '/api/article-categories') return json(200, categories);
  if (url.pathname !== '/api/articles') return undefined;
  const category = url.searchParams.get('category');
  const articles =
    category === '2' ? [article(3, { title: 'Viagem', category: 2, categoryKey: 'travel' })] : [article(1), article(2)];
  return json(200, { articles, total: articles.length, page: 1, limit: 20 });
}

describe('blog list', () => {
  it('searches on Procurar, ignores a blank query, shows a correction, searches exactly what was typed, and returns to the list when cleared', async () => {
    const lisboa = [
      { id: 9, type: 'article', slug: 'lisboa', title: 'Lisboa', shortContent: 'Em Lisboa…', cover: null },
    ];
    const api = mockApi(listRoute, (url) => {
      if (url.pathname !== '/api/search') return undefined;
      const q = url.searchParams.get('q');
      if (q === 'lisbao' && url.searchParams.get('exact') === '1')
        return json(200, { results: [], suggestion: 'lisboa', usedQuery: 'lisbao' });
      if (q === 'lisbao') return json(200, { results: lisboa, suggestion: 'lisboa', usedQuery: 'lisboa' });
      return json(200, { results: lisboa, suggestion: null, usedQuery: q });
    });
    const user = userEvent.setup();
    renderApp('/blog');
    await screen.findByRole('link', { name: 'Artigo 1' }, firstLoad);

    const box = screen.getByRole('searchbox', { name: 'Procurar no blog' }) as HTMLInputElement;
    // Sent by the browser itself (before the page hydrates), the form asks this page for `?q=`, as the address names it.
    expect(box.form!.getAttribute('action')).toBeNull();
    expect(box.form!.method).toBe('get');
    await user.type(box, '   ');
    expect(new FormData(box.form!).get('q')).toBe('   ');
    await user.click(screen.getByRole('button', { name: 'Procurar' }));
    expect(api.paths().filter((call) => call.startsWith('/api/search'))).toEqual([]);

    await user.clear(box);
    await user.type(box, 'lisbao{Enter}');
    expect(await screen.findByRole('heading', { name: '1 resultado para "lisboa"' })).toBeInTheDocument();
    expect(screen.getByTestId('search-suggestion')).toHaveTextContent(
      'Você quis dizer lisboa? Mostrando resultados para lisboa. Pesquisar exatamente por lisbao',
    );
    await user.click(screen.getByRole('button', { name: 'lisbao' }));
    expect(
      await screen.findByRole('heading', { name: 'Nenhum resultado encontrado para "lisbao"' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'lisboa' }));
    expect(await screen.findByRole('link', { name: /Lisboa/ })).toHaveAttribute('href', '/blog/lisboa');
    expect(screen.getByRole('searchbox', { name: 'Procurar no blog' })).toHaveValue('lisboa');

    await user.click(screen.getByRole('button', { name: 'Limpar busca' }));
    expect(await screen.findByRole('link', { name: 'Artigo 2' })).toBeInTheDocument();
    expect(api.paths().filter((call) => call.startsWith('/api/search'))).toEqual([
      '/api/search?q=lisbao',
      '/api/search?q=lisbao&exact=1',
      '/api/search?q=lisboa',
    ]);
  });

  it('toggles a category with its chip and clears the filter', async () => {
    const api = mockApi(listRoute);
    const user = userEvent.setup();
    renderApp('/blog');
    await screen.findByRole('link', { name: 'Artigo 1' }, firstLoad);
    await user.click(screen.getByRole('button', { name: 'Viagens' }));
    expect(await screen.findByRole('link', { name: 'Viagem' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Viagens' })).toHaveAttribute('aria-pressed', 'true');
    expect(api.paths()).toContain('/api/articles?page=1&limit=20&category=2');

    await user.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    expect(await screen.findByRole('link', { name: 'Artigo 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Viagens' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows a failed load with a retry that loads the list', async () => {
    let fail = true;
    mockApi(
      (url) => (url.pathname === '/api/articles' && fail ? json(503, { message: 'database_unreachable' }) : undefined),
      listRoute,
    );
    const user = userEvent.setup();
    renderApp('/blog');
    const error = await screen.findByTestId('blog-error', {}, firstLoad);
    expect(error).toHaveTextContent('Não foi possível carregar os artigos.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Artigo 1' })).toBeInTheDocument());
  });

  it('pages with real links: "Mais artigos" names /blog?page=2 and loads it below, and /blog?page=2 starts there', async () => {
    const pages = (url: URL) => {
      if (url.pathname !== '/api/articles') return listRoute(url);
      const page = Number(url.searchParams.get('page'));
      return json(200, {
        articles: [article(page * 10 + 1, { title: `Artigo da página ${page}` })],
        total: 45,
        page,
        limit: 20,
      });
    };
    const api = mockApi(pages);
    const user = userEvent.setup();
    const { router } = renderApp('/blog');
    await screen.findByRole('link', { name: 'Artigo da página 1' }, firstLoad);
    const more = screen.getByRole('link', { name: 'Mais artigos' });
    expect(more).toHaveAttribute('href', '/blog?page=2');
    await user.click(more);
    expect(await screen.findByRole('link', { name: 'Artigo da página 2' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(api.paths()).toContain('/api/articles?page=2&limit=20');
    expect(screen.getByRole('link', { name: 'Mais artigos' })).toHaveAttribute('href', '/blog?page=3');
  });

  it('starts /blog?page=2 at that page, its canonical naming the page and no tracking parameter', async () => {
    const pages = (url: URL) => {
      if (url.pathname !== '/api/articles') return listRoute(url);
      const page = Number(url.searchParams.get('page'));
      return json(200, {
        articles: [article(page * 10 + 1, { title: `Artigo da página ${page}` })],
        total: 45,
        page,
        limit: 20,
      });
    };
    const api = mockApi(pages);
    renderApp('/blog?page=2&utm_source=x');
    expect(await screen.findAllByRole('link', { name: 'Artigo da página 2' })).not.toHaveLength(0);
    expect(api.paths()).toContain('/api/articles?page=2&limit=20');
    await waitFor(() =>
      expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toMatch(/\/blog\?page=2$/),
    );
  });
});
