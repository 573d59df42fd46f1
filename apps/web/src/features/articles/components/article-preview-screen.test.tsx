import type { Article } from '@papo/contract/articles';
import type { ArticlePreview } from '@papo/contract/editor-preview';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../../test/fake-api';
import { renderApp, signIn } from '../../../test/render-app';

const article: Article = {
  id: 7,
  idPost: 7,
  slug: 'feira',
  title: 'Feira de domingo',
  strTitle: 'Feira de domingo',
  content:
    '<h2>Bancas</h2><figure><img src="/uploads/library/0123456789abcdef0123456789abcdef.png" alt="Banca"><figcaption>A banca</figcaption></figure>',
  strPost: '',
  description: 'Frutas',
  shortContent: 'Frutas',
  cover: null,
  coverSize: null,
  images: [],
  youtube: null,
  category: null,
  categoryKey: null,
  isPublished: true,
  isLyrics: false,
  composer: null,
  publishedAt: '2026-11-20T10:00:00.000Z',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  authorName: 'Bia',
  profileImage: null,
  welcomeMessage: null,
  author: { name: 'Bia Souza', username: 'bia' },
  readingMinutes: 1,
};

describe('article preview', () => {
  it('shows a colleague without an account the text through a link, with the public page component, marked and not indexed', async () => {
    const api = mockApi((url) =>
      url.pathname === '/api/preview/abcdefghijklmnopqrstuvwx'
        ? json(200, {
            article,
            revision: 4,
            state: 'live',
            pendingChanges: true,
            publishAt: null,
          } satisfies ArticlePreview)
        : undefined,
    );
    renderApp('/preview/abcdefghijklmnopqrstuvwx');
    expect(await screen.findByTestId('preview-banner', {}, { timeout: 15_000 })).toHaveTextContent(
      'Estas alterações ainda não estão no site',
    );
    expect(screen.getByTestId('article')).toHaveTextContent('Feira de domingo');
    expect(screen.getByRole('figure')).toHaveTextContent('A banca');
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    expect(
      new Headers(api.calls('/api/preview/abcdefghijklmnopqrstuvwx')[0]!.init.headers).get('Authorization'),
    ).toBeNull();
  });

  it('says a revoked or expired link shows nothing', async () => {
    mockApi((url) =>
      url.pathname === '/api/preview/abcdefghijklmnopqrstuvwx'
        ? json(404, { message: 'preview_not_found' })
        : undefined,
    );
    renderApp('/preview/abcdefghijklmnopqrstuvwx');
    expect(await screen.findByTestId('preview-gone', {}, { timeout: 15_000 })).toHaveTextContent(
      /expirou ou foi revogado/,
    );
  });

  it('shows staff a revision of an article by id', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    const api = mockApi((url) =>
      url.pathname === '/api/editor/articles/7/preview'
        ? json(200, {
            article,
            revision: 3,
            state: 'draft',
            pendingChanges: false,
            publishAt: null,
          } satisfies ArticlePreview)
        : undefined,
    );
    renderApp('/editor/7/preview?revision=3');
    expect(await screen.findByTestId('preview-banner', {}, { timeout: 15_000 })).toHaveTextContent(
      'ainda não está publicado',
    );
    expect(api.calls('/api/editor/articles/7/preview')[0]!.url.searchParams.get('revision')).toBe('3');
  });
});
