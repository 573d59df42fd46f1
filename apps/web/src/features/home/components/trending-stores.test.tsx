import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const card = (id: number, slug: string, name: string, image: string | null) => ({
  id,
  slug,
  name,
  kind: 'shop',
  category: null,
  country: 'br',
  owner: null,
  image,
});
const page = {
  items: [
    card(1, 'atelie-mare', 'Ateliê Maré', 'library/0123456789abcdef0123456789abcdef.png'),
    card(2, 'casa-jabuticaba', 'Casa Jabuticaba', null),
  ],
  page: 1,
  hasMore: false,
};

async function storesSection() {
  const heading = await screen.findByRole('heading', { level: 2, name: 'Lojas em alta' });
  const section = heading.closest('section');
  if (!section) throw new Error('trending stores section missing');
  return within(section);
}

describe('home trending stores', () => {
  it('lists the newest shops from /api/latestStores, each linking to its page, asked for once', async () => {
    const api = mockApi((url) => (url.pathname === '/api/latestStores' ? json(200, page) : undefined));
    renderApp('/');
    const section = await storesSection();
    expect(await section.findByRole('link', { name: 'Ateliê Maré' })).toHaveAttribute('href', '/shop/atelie-mare');
    expect(section.getByRole('link', { name: 'Casa Jabuticaba' })).toHaveAttribute('href', '/shop/casa-jabuticaba');
    expect(api.paths().filter((call) => call === '/api/latestStores')).toHaveLength(1);
  });

  it('shows a small error with a retry when the call fails, without breaking the page', async () => {
    let fail = true;
    mockApi((url) =>
      url.pathname === '/api/latestStores'
        ? fail
          ? json(500, { message: 'internal_error' })
          : json(200, page)
        : undefined,
    );
    renderApp('/');
    const section = await storesSection();
    await section.findByText('Não foi possível carregar as lojas.');
    expect(screen.getByRole('heading', { level: 1, name: 'Bem-vindo ao Papo' })).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(section.getByRole('button', { name: 'Tentar de novo' }));
    expect(await section.findByRole('link', { name: 'Ateliê Maré' })).toHaveAttribute('href', '/shop/atelie-mare');
  });

  it('says so when no shop is published', async () => {
    mockApi((url) =>
      url.pathname === '/api/latestStores' ? json(200, { items: [], page: 1, hasMore: false }) : undefined,
    );
    renderApp('/');
    await (await storesSection()).findByText('Nenhuma loja publicada ainda.');
  });
});
