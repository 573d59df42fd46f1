import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MemberPicturesAnswer } from '@papo/contract/member-pictures';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { json, mockApi, route } from '../../test/fake-api';
import { renderApp, signIn } from '../../test/render-app';

describe('header', () => {
  it('shows a Login link to visitors and highlights the current section', async () => {
    renderApp('/channels');
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('link', { name: 'Entrar' })).toHaveAttribute('href', '/login');
    const nav = within(header).getByRole('navigation', { name: 'Navegação principal' });
    expect(within(nav).getByRole('link', { name: 'Canais' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Blog' })).not.toHaveAttribute('aria-current');
    expect(within(header).getByRole('link', { name: 'Papo, página inicial' })).toHaveAttribute('href', '/');
  });

  it('offers the other sections in a "Mais" menu, keyboard first, highlighted on their pages', async () => {
    renderApp('/music');
    const header = await screen.findByRole('banner');
    const nav = within(header).getByRole('navigation', { name: 'Navegação principal' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/blog', '/shop', '/courses', '/channels', '/videos']);
    const more = within(nav).getByRole('button', { name: 'Mais' });
    expect(more).toHaveAttribute('aria-haspopup', 'menu');
    more.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Mais' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => [item.textContent, item.getAttribute('href')])).toEqual([
      ['Letras', '/lyrics'],
      ['Música', '/music'],
      ['Fotos', '/photos'],
      ['Bio', '/bio'],
      ['Renda extra', '/extraIncome'],
      ['Cryptos', '/cryptos'],
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'Música' })).toHaveAttribute('aria-current', 'page');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await userEvent.click(within(nav).getByRole('button', { name: 'Mais' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Fotos' }));
    expect(await screen.findByRole('heading', { level: 1, name: /Fotos/ })).toBeInTheDocument();
  });

  it('shows the member initials with Profile and Logout, but no Inbox for ordinary members', async () => {
    signIn(['ROLE_USER'], 'maria_silva');
    renderApp('/channels');
    const button = await screen.findByRole('button', { name: 'Menu da conta' });
    expect(button).toHaveTextContent('MS');
    await userEvent.click(button);
    expect(screen.getByRole('link', { name: 'Perfil' })).toHaveAttribute('href', '/profile');
    expect(screen.queryByRole('link', { name: 'Caixa de entrada' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sair' })).toBeInTheDocument();
  });

  it('prefers stored userInitials and shows Inbox to staff', async () => {
    signIn(['ROLE_MODERATOR']);
    localStorage.setItem('userInitials', 'JP');
    renderApp('/channels');
    const button = await screen.findByRole('button', { name: 'Menu da conta' });
    expect(button).toHaveTextContent('JP');
    await userEvent.click(button);
    expect(screen.getByRole('link', { name: 'Caixa de entrada' })).toHaveAttribute('href', '/mail');
  });

  it('logs out: tells the server, clears all storage, keeps the shown language and goes to /login', async () => {
    signIn(['ROLE_ADMIN']);
    await changeLanguage('en');
    localStorage.setItem('favoriteChannels', '["#barra"]');
    const api = mockApi(route('POST', '/api/auth/logout', () => json(200, { message: 'logged_out' })));
    const { router } = renderApp('/channels');
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.length).toBe(0);
    expect(api.calls('POST', '/api/auth/logout').map((call) => call.body)).toEqual([{ refresh_token: 'r' }]);
    expect(document.documentElement.lang).toBe('en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
  });

  it('closes the account menu on Escape and returns focus', async () => {
    signIn(['ROLE_USER']);
    renderApp('/channels');
    const button = await screen.findByRole('button', { name: 'Menu da conta' });
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('shows the member’s uploaded picture (its small variant) in the account circle, asked for once', async () => {
    signIn(['ROLE_USER'], 'maria_silva', 41);
    const api = mockApi(
      route('GET', '/api/member-pictures', (url) => {
        const members: MemberPicturesAnswer['members'] = {};
        if (url.searchParams.get('ids') === '41')
          members['41'] = { name: 'Maria Clara Silva', picture: '/uploads/sized/400/profile/m.png.webp' };
        return json(200, { members });
      }),
    );
    renderApp('/channels');
    const button = await screen.findByRole('button', { name: 'Menu da conta' });
    await waitFor(() =>
      expect(within(button).getByTestId('user-menu-picture')).toHaveAttribute(
        'src',
        '/uploads/sized/400/profile/m.png.webp',
      ),
    );
    expect(api.calls('GET', '/api/member-pictures')).toHaveLength(1);
  });
});
