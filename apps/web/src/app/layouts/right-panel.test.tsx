import type { Article } from '@papo/contract/articles';
import type { Ad, Ads } from '@papo/contract/stores';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, type Route } from '../../test/fake-api';
import { renderApp, setViewportWidth } from '../../test/render-app';
import { article } from '../../features/articles/test/articles-api';

const ad = (kind: 'course' | 'product'): Ad => ({
  url: `https://example.com/${kind}`,
  image: `stores/${kind}.png`,
  description: `Anúncio ${kind}`,
  store: { slug: kind, name: kind, kind: kind === 'course' ? 'course' : 'shop' },
});

const story: Article = {
  ...article(1, { slug: 'um-artigo', title: 'Um artigo' }),
  content: '<p>Texto do artigo.</p>',
  strPost: 'Texto do artigo.',
  coverSize: null,
  images: [],
  youtube: null,
  isPublished: true,
  isLyrics: false,
  composer: null,
  createdAt: '2026-11-20T12:00:00.000Z',
  updatedAt: '2026-11-20T12:00:00.000Z',
  profileImage: null,
  welcomeMessage: null,
  author: null,
  readingMinutes: 1,
};

const answers: Route = (url) => {
  if (url.pathname === '/api/ads') return json<Ads>(200, { course: ad('course'), product: ad('product') });
  if (url.pathname === '/api/article/um-artigo') return json<Article>(200, story);
  return undefined;
};

describe('right-hand panel', () => {
  it('shows the sponsored tab beside an article on a wide screen, asking for the ads once', async () => {
    const api = mockApi(answers);
    renderApp('/blog/um-artigo');
    await screen.findByRole('heading', { name: 'Um artigo' });
    await waitFor(() => expect(api.paths()).toContain('/api/ads'), { timeout: 8000 });
    expect(await screen.findByRole('link', { name: /Anúncio course/ })).toHaveAttribute('rel', 'sponsored noopener');
    expect(api.calls('/api/ads')).toHaveLength(1);
  });

  it('mounts nothing of its tabs on a phone, where the panel is hidden, so nothing is fetched for it', async () => {
    setViewportWidth(360);
    const api = mockApi(answers);
    renderApp('/blog/um-artigo');
    expect(await screen.findByRole('heading', { name: 'Um artigo' })).toBeInTheDocument();
    // no wait on the clock: the panel's and the ads tab's modules are loaded here (the very modules a mounted lazy
    // panel and tab would wait for), then React's queued work is flushed once per lazy level, so a panel or tab that had
    // mounted would have rendered and asked for the ads by now.
    await Promise.all([import('./right-panel'), import('../../features/stores/components/ads-tab')]);
    for (let level = 0; level < 3; level += 1) await act(async () => {});
    await waitFor(() => expect(api.calls('/api/article/um-artigo')).toHaveLength(1));
    expect(api.calls('/api/ads')).toEqual([]);
    expect(screen.queryByRole('link', { name: /Anúncio/ })).not.toBeInTheDocument();
  });
});
