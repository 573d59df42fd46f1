import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, signIn } from '../../../test/render-app';

describe('home', () => {
  it('welcomes visitors with calls to /channels and /register', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Bem-vindo ao Papo' });
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: /Explorar canais/ })).toHaveAttribute('href', '/channels');
    expect(within(main).getByRole('link', { name: 'Criar conta grátis' })).toHaveAttribute('href', '/register');
    expect(document.title).toBe('Início - Papo');
  });

  it('does not ask a signed-in member to create an account', async () => {
    signIn(['ROLE_USER']);
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Bem-vindo ao Papo' });
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: /Explorar canais/ })).toHaveAttribute('href', '/channels');
    expect(within(main).queryByRole('link', { name: 'Criar conta grátis' })).toBeNull();
  });

  it('shows the four categories with channel chips linking to their chats', async () => {
    renderApp('/');
    const section = (await screen.findByRole('heading', { level: 2, name: 'Canais por categoria' })).closest('section');
    if (!section) throw new Error('categories section missing');
    const categories = within(section)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(categories).toEqual(['Regionais', 'Relacionamentos', 'Música', 'Entretenimento']);
    expect(within(section).getByRole('link', { name: '#barra' })).toHaveAttribute('href', '/barra');
    const more = within(section).getAllByRole('link', { name: /^\+\d+ canais$/ });
    expect(more.map((link) => link.textContent)).toEqual(['+5 canais', '+5 canais']);
    expect(more.every((link) => link.getAttribute('href') === '/channels')).toBe(true);
  });
});
