import type { StoreCard } from '@papo/contract/stores';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi, route } from '../../../test/fake-api';
import { renderApp, signIn } from '../../../test/render-app';
import { album } from '../test/staff-api';

// the screens are lazy chunks; under a full parallel run their first load can take longer than findBy's 1 s.
const firstLoad = { timeout: 5_000 };

const card: StoreCard = {
  id: 9,
  slug: 'loja-da-feira',
  name: 'Loja da Feira',
  kind: 'shop',
  category: null,
  country: 'br',
  owner: 2,
  image: null,
};

/**
 * True the first time only: the first read fails, the next succeeds. The refusal is a 429 because the public reads
 * retry a 5xx by themselves, and this is about the member's retry.
 */
function firstTime() {
  let asked = false;
  return () => {
    const first = !asked;
    asked = true;
    return first;
  };
}
const refusal = () => json(429, { message: 'too_many_requests' });

/** The failed load's panel offers "Tentar de novo"; pressing it reads again and the screen shows what came back. */
async function retryShows(name: string) {
  const error = await screen.findByTestId('load-error', {}, firstLoad);
  expect(error).toHaveAttribute('role', 'alert');
  expect(error).toHaveTextContent('Não foi possível carregar.');
  await userEvent.setup().click(within(error).getByRole('button', { name: 'Tentar de novo' }));
  // the name shows more than once (a breadcrumb and the heading; the phone cards and the table).
  expect(await screen.findAllByText(name)).not.toHaveLength(0);
  expect(screen.queryByTestId('load-error')).toBeNull();
}

describe('a store screen whose read fails', () => {
  it('the shop list reads the shops again', async () => {
    const first = firstTime();
    const api = mockApi(
      route('GET', '/api/stores', () => (first() ? refusal() : json(200, { items: [card], page: 1, hasMore: false }))),
    );
    renderApp('/shop');
    await retryShows('Loja da Feira');
    expect(api.calls('GET', '/api/stores')).toHaveLength(2);
  });

  it('a store page reads the store again', async () => {
    const first = firstTime();
    const api = mockApi(
      route('GET', '/api/shop/loja-da-feira', () =>
        first() ? refusal() : json(200, { ...card, description: '', cover: null, content: [] }),
      ),
    );
    renderApp('/shop/loja-da-feira');
    await retryShows('Loja da Feira');
    expect(api.calls('GET', '/api/shop/loja-da-feira')).toHaveLength(2);
  });

  it('the staff album list reads the albums again', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    const { revision: _r, revisionAuthor: _a, revisionAt: _t, ...row } = album();
    const first = firstTime();
    const api = mockApi(
      route('GET', '/api/albums', () => (first() ? refusal() : json(200, { albums: [row], page: 1, hasMore: false }))),
    );
    renderApp('/albums');
    await retryShows('Loja da Feira');
    expect(api.calls('GET', '/api/albums')).toHaveLength(2);
  });
});
