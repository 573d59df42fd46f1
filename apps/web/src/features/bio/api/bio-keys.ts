export const bioKeys = {
  all: ['bio'] as const,
  page: (center: number) => ['bio', 'page', center] as const,
  tag: (tag: string) => ['bio', 'tag', tag.toLowerCase()] as const,
  search: (q: string) => ['bio', 'search', q] as const,
  person: (id: string) => ['bio', 'person', id] as const,
  staffList: (filter: 'years' | 'events') => ['bio', 'staff', filter] as const,
  cover: (id: string) => ['bio', 'cover', id] as const,
  revisions: (id: number) => ['me', 'bio', 'revisions', id] as const,
};
