import type { AlbumDetail } from '@papo/contract/stores';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../../test/fake-api';
import { renderApp, signIn } from '../../../test/render-app';

const album: AlbumDetail = {
  id: 9,
  name: 'Loja da Feira',
  slug: 'loja-da-feira',
  kind: 'shop',
  category: null,
  country: 'br',
  published: true,
  createdAt: '2026-11-27T10:00:00.000Z',
  cover: null,
  description: '',
  isEmptyDescription: true,
  articleId: null,
  content: [],
  revision: 2,
  revisionAuthor: 'editora',
  revisionAt: '2026-11-27T10:00:00.000Z',
};

describe('store wizard', () => {
  it('says "não existe" for an id that is no id and for a store that is not there, never an endless spinner', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    const api = mockApi();
    const { router } = renderApp('/shopEdit/abc');
    expect(await screen.findByText('Esta loja não existe.')).toBeInTheDocument();
    expect(api.calls('/api/albumInfo/abc')).toEqual([]);
    await act(() => router.navigate('/albumCover/404'));
    expect(await screen.findByText('Esta loja não existe.')).toBeInTheDocument();
    expect(api.calls('/api/albumInfo/404')).toHaveLength(1);
  });

  it('the "Publicado" switch shows the truth: a failed save leaves it as the store is', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    const api = mockApi(
      (url) => (url.pathname === '/api/albumInfo/9' ? json(200, album) : undefined),
      (url) => (url.pathname === '/api/save-publish-state' ? json(500, { message: 'internal_error' }) : undefined),
    );
    const user = userEvent.setup();
    renderApp('/shopEdit/9');
    const published = await screen.findByRole('switch', { name: 'Publicado' });
    expect(published).toBeChecked();
    await user.click(published);
    await waitFor(() => expect(api.calls('POST', '/api/save-publish-state')).toHaveLength(1));
    await screen.findByRole('alert');
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Publicado' })).toBeChecked());
    expect(screen.getByRole('switch', { name: 'Publicado' })).toBeEnabled();
  });
});
