import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, signIn } from '../../test/render-app';

describe('default layout', () => {
  it('has the landmarks, a skip link and the Saiba mais tab with its empty state', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Bem-vindo ao Papo' });
    expect(screen.getByRole('link', { name: 'Pular para o conteúdo' })).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    expect(screen.getByRole('contentinfo')).toHaveTextContent('© 2024 Papo');
    const panel = screen.getByRole('complementary', { name: 'Painel lateral' });
    const tabs = within(panel).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Saiba mais']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(within(panel).getByRole('tabpanel')).toHaveTextContent('Nenhum cartão aberto');
  });

  it('hides the right-hand panel on shop and course views', async () => {
    renderApp('/shop/uma-loja');
    await screen.findByRole('main');
    expect(screen.queryByRole('complementary', { name: 'Painel lateral' })).not.toBeInTheDocument();
  });

  it('shows an unknown address as the 404 page inside the layout', async () => {
    renderApp('/uma/pagina/que/nao/existe');
    expect(await screen.findByTestId('not-found')).toHaveTextContent('Página não encontrada');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(document.title).toBe('Página não encontrada - Papo');
  });

  it('uses the company name in titles and the footer once it loads', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ id: 1, name: 'Papo Brasil' }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/channels');
    await waitFor(() => expect(document.title).toBe('Canais - Papo Brasil'));
    expect(screen.getByRole('contentinfo')).toHaveTextContent('© 2024 Papo Brasil');
    expect(fetchMock).toHaveBeenCalledWith('/api/company/1', expect.objectContaining({ method: 'GET' }));
  });

  it('lists a member favourite channels and the staff tools in the sidebar', async () => {
    signIn(['ROLE_ADMIN']);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/favorite-channels'
          ? new Response(JSON.stringify({ favorite_channels: ['#barra', '#rio'] }), { status: 200 })
          : new Response('{}', { status: 404 }),
      ),
    );
    renderApp('/channels');
    const sidebar = await screen.findByRole('complementary', { name: 'Barra lateral' });
    expect(await within(sidebar).findByRole('link', { name: '#rio' })).toHaveAttribute('href', '/rio');
    expect(within(sidebar).getByRole('link', { name: 'Notícias' })).toHaveAttribute('href', '/newsPicker');
  });

  it('tells a member when there are no favourites, or when they cannot be loaded', async () => {
    signIn(['ROLE_USER']);
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ favorite_channels: [] }), { status: 200 })));
    const first = renderApp('/channels');
    const sidebar = await screen.findByRole('complementary', { name: 'Barra lateral' });
    expect(await within(sidebar).findByText(/ainda não tem canais favoritos/)).toBeInTheDocument();
    expect(within(sidebar).queryByRole('link', { name: 'Notícias' })).not.toBeInTheDocument();
    first.unmount();

    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ message: 'boom' }), { status: 500 })));
    renderApp('/channels');
    const again = await screen.findByRole('complementary', { name: 'Barra lateral' });
    expect(await within(again).findByText(/Não foi possível carregar/, {}, { timeout: 4000 })).toBeInTheDocument();
  });

  it('shows unlogged pages with the four fixed links and the footer', async () => {
    renderApp('/sobre-nos');
    await screen.findByRole('heading', { level: 1, name: 'Sobre nós' });
    const nav = screen.getByRole('navigation', { name: 'Informações do site' });
    expect(within(nav).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/sobre-nos',
      '/termos-de-uso',
      '/politica-de-privacidade',
      '/barra',
    ]);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Termos de uso' })).toHaveAttribute('href', '/termos-de-uso');
    expect(within(footer).getByRole('link', { name: 'Política de privacidade' })).toHaveAttribute('href', '/politica-de-privacidade');
  });
});
