import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { openLearnMore } from '../../lib/learn-more';
import { json, mockApi, route } from '../../test/fake-api';
import { renderApp, setViewportWidth, signIn } from '../../test/render-app';

describe('default layout', () => {
  it('has the landmarks and a skip link; the panel collapses while an empty Saiba mais is all it would hold', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Bem-vindo ao Papo' });
    expect(screen.getByRole('link', { name: 'Pular para o conteúdo' })).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${new Date().getFullYear()} Papo`);
    expect(screen.queryByRole('complementary', { name: 'Painel lateral' })).toBeNull();

    // jsdom has no layout; the newest card scrolls itself into view.
    Element.prototype.scrollIntoView = vi.fn();
    act(() => openLearnMore('Lisboa'));
    const panel = await screen.findByRole('complementary', { name: 'Painel lateral' });
    const tabs = within(panel).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Saiba mais']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(within(panel).getByRole('tabpanel')).toHaveTextContent('Lisboa');
    fireEvent.click(within(panel).getByRole('button', { name: 'Fechar o cartão Lisboa' }));
    expect(screen.queryByRole('complementary', { name: 'Painel lateral' })).toBeNull();
  });

  it('opens a tag’s Saiba mais card in a sheet on phones, where the panel is hidden', async () => {
    setViewportWidth(360);
    Element.prototype.scrollIntoView = vi.fn();
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Bem-vindo ao Papo' });
    expect(screen.queryByTestId('learn-more-sheet')).toBeNull();
    act(() => openLearnMore('Olinda'));
    const sheet = await screen.findByRole('dialog', { name: 'Saiba mais' });
    expect(within(sheet).getByTestId('learn-more-card')).toHaveTextContent('Olinda');
    fireEvent.click(within(sheet).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByTestId('learn-more-sheet')).toBeNull());
    // the hidden panel mounts no second copy of the card on a phone.
    expect(screen.queryByTestId('learn-more-card')).toBeNull();
    // The card is still open: a tag clicked again brings the sheet back, and the card's own close removes it.
    act(() => openLearnMore('Olinda'));
    const again = await screen.findByRole('dialog', { name: 'Saiba mais' });
    fireEvent.click(within(again).getByRole('button', { name: 'Fechar o cartão Olinda' }));
    await waitFor(() => expect(screen.queryByTestId('learn-more-sheet')).toBeNull());
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
    const api = mockApi(
      route('GET', '/api/company/1', () =>
        json(200, {
          id: 1,
          name: 'Papo Brasil',
          slogan: '',
          description: '',
          email: 'contato@papo.test',
          url: 'https://papo.test',
        }),
      ),
    );
    renderApp('/channels');
    await waitFor(() => expect(document.title).toBe('Canais - Papo Brasil'));
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${new Date().getFullYear()} Papo Brasil`);
    expect(api.calls('GET', '/api/company/1')).toHaveLength(1);
  });

  it('lists a member favourite channels and the staff tools in the sidebar', async () => {
    signIn(['ROLE_ADMIN']);
    mockApi(route('GET', '/api/favorite-channels', () => json(200, { favorite_channels: ['#barra', '#rio'] })));
    renderApp('/channels');
    const sidebar = await screen.findByRole('complementary', { name: 'Barra lateral' });
    expect(await within(sidebar).findByRole('link', { name: '#rio' })).toHaveAttribute('href', '/rio');
    expect(await within(sidebar).findByRole('link', { name: 'Notícias' })).toHaveAttribute('href', '/newsPicker');
  });

  it('tells a member when there are no favourites, or when they cannot be loaded', async () => {
    signIn(['ROLE_USER']);
    mockApi(route('GET', '/api/favorite-channels', () => json(200, { favorite_channels: [] })));
    const first = renderApp('/channels');
    const sidebar = await screen.findByRole('complementary', { name: 'Barra lateral' });
    expect(await within(sidebar).findByText(/ainda não tem canais favoritos/)).toBeInTheDocument();
    expect(within(sidebar).queryByRole('link', { name: 'Notícias' })).not.toBeInTheDocument();
    first.unmount();

    mockApi(route('GET', '/api/favorite-channels', () => json(500, { message: 'boom' })));
    renderApp('/channels');
    const again = await screen.findByRole('complementary', { name: 'Barra lateral' });
    expect(await within(again).findByText(/Não foi possível carregar/, {}, { timeout: 4000 })).toBeInTheDocument();
  });

  it('shows unlogged pages with the four fixed links and the footer', async () => {
    renderApp('/sobre-nos');
    await screen.findByRole('heading', { level: 1, name: 'Sobre nós' });
    const nav = screen.getByRole('navigation', { name: 'Informações do site' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/sobre-nos', '/termos-de-uso', '/politica-de-privacidade', '/barra']);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Termos de uso' })).toHaveAttribute('href', '/termos-de-uso');
    expect(within(footer).getByRole('link', { name: 'Política de privacidade' })).toHaveAttribute(
      'href',
      '/politica-de-privacidade',
    );
  });

  it('carries a site map of every public section in the footer, by relative links', async () => {
    renderApp('/blog');
    const footer = await screen.findByRole('contentinfo');
    const map = within(footer).getByRole('navigation', { name: 'Links do rodapé' });
    expect(
      within(map)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/blog',
      '/shop',
      '/courses',
      '/channels',
      '/videos',
      '/lyrics',
      '/music',
      '/photos',
      '/bio',
      '/extraIncome',
      '/cryptos',
      '/termos-de-uso',
      '/politica-de-privacidade',
      '/sobre-nos',
      '/contato',
      '/irc',
    ]);
  });
});
