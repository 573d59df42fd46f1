/** Query keys of the articles feature: public data, shared by every visitor's cache. */
export const articleKeys = {
  categories: ['article-categories'] as const,
  list: (category: number | null) => ['articles', 'list', category] as const,
  article: (slug: string) => ['articles', 'one', slug] as const,
  lyrics: ['lyrics', 'list'] as const,
  lyric: (slug: string) => ['lyrics', 'one', slug] as const,
  search: (q: string) => ['articles', 'search', q] as const,
  searchLyrics: (q: string, exact: boolean) => ['lyrics', 'search', q, exact] as const,
};

/** 4xx answers (a missing slug) stay what they are; retrying them only delays the not-found state. */
export function retryServerErrors(failures: number, error: unknown): boolean {
  const status = (error as { status?: number }).status ?? 0;
  return !(status >= 400 && status < 500) && failures < 2;
}

/** Published articles change rarely: coming back to a page within five minutes reuses what was read. */
export const publicContentStaleTime = 5 * 60_000;
