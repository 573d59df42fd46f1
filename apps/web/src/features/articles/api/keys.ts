/** Query keys of the articles feature: public data, shared by every visitor's cache. */
export const articleKeys = {
  categories: ['article-categories'] as const,
  list: (category: number | null, firstPage = 1) => ['articles', 'list', category, firstPage] as const,
  article: (slug: string) => ['articles', 'one', slug] as const,
  related: (slug: string) => ['articles', 'related', slug] as const,
  author: (username: string) => ['articles', 'author', username] as const,
  lyrics: ['lyrics', 'list'] as const,
  lyric: (slug: string) => ['lyrics', 'one', slug] as const,
  search: (q: string, exact: boolean) => ['articles', 'search', q, exact] as const,
  searchLyrics: (q: string, exact: boolean) => ['lyrics', 'search', q, exact] as const,
};
