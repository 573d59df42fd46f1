// under 'me' because logout drops those queries; unpublished stores must not outlive the session in the cache.
export const staffKeys = {
  all: ['me', 'stores'] as const,
  list: ['me', 'stores', 'list'] as const,
  album: (id: number) => ['me', 'stores', 'album', id] as const,
  categories: ['me', 'stores', 'categories'] as const,
  revisions: (id: number) => ['me', 'stores', 'revisions', id] as const,
};
