import type { ArticleSummary, LyricDetail } from '@papo/contract/articles';
import { vi } from 'vitest';

type Route = (url: URL) => Response | undefined;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Stubs fetch: the first route that answers wins, anything else is a 404; `calls` lists path and query. */
export function mockApi(...routes: Route[]) {
  const fetchMock = vi.fn(async (input: string) => {
    const url = new URL(input, 'http://papo.test');
    for (const route of routes) {
      const answer = route(url);
      if (answer) return answer;
    }
    return json(404, { message: 'not_found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls: () => fetchMock.mock.calls.map(([input]) => new URL(input, 'http://papo.test')).map((u) => `${u.pathname}${u.search}`) };
}

export const categories = [
  { id: 1, key: 'music', name: 'Música' },
  { id: 2, key: 'travel', name: 'Viagens' },
];

export function article(id: number, overrides: Partial<ArticleSummary> = {}): ArticleSummary {
  return {
    id,
    idPost: id,
    slug: `artigo-${id}`,
    title: `Artigo ${id}`,
    strTitle: `Artigo ${id}`,
    shortContent: `Resumo ${id}`,
    description: `Resumo ${id}`,
    cover: null,
    category: 1,
    categoryKey: 'music',
    publishedAt: '2026-11-20T12:00:00.000Z',
    authorName: 'redacao',
    ...overrides,
  };
}

export function lyric(slug: string, title: string, neighbours: { next: string; previous: string }): LyricDetail {
  return {
    ...article(1, { slug, title, strTitle: title }),
    content: `<p>${title}</p>`,
    strPost: `<p>${title}</p>`,
    images: [],
    youtube: null,
    isPublished: true,
    isLyrics: true,
    createdAt: '2026-11-20T12:00:00.000Z',
    updatedAt: '2026-11-20T12:00:00.000Z',
    profileImage: null,
    welcomeMessage: null,
    first: 'a',
    ...neighbours,
  };
}
