import type { ArticleSummary, LyricDetail } from '@papo/contract/articles';

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
    coverSize: null,
    images: [],
    youtube: null,
    isPublished: true,
    isLyrics: true,
    composer: null,
    createdAt: '2026-11-20T12:00:00.000Z',
    updatedAt: '2026-11-20T12:00:00.000Z',
    profileImage: null,
    welcomeMessage: null,
    author: null,
    readingMinutes: 1,
    first: 'a',
    ...neighbours,
  };
}
