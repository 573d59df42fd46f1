import type { EditorListStatus } from '@papo/contract/editor';

/** The article list's search (title) and status filter, as in the screen's address. */
export interface EditorListFilter {
  q?: string;
  status?: EditorListStatus;
}

// under 'me' because logout drops those queries; drafts must not outlive the session in the cache.
export const editorKeys = {
  all: ['me', 'editor'] as const,
  lists: ['me', 'editor', 'list'] as const,
  list: (lyrics: boolean, filter: EditorListFilter = {}) =>
    ['me', 'editor', 'list', lyrics, filter.q ?? '', filter.status ?? ''] as const,
  article: (id: number) => ['me', 'editor', 'article', id] as const,
  revisionsAll: ['me', 'editor', 'revisions'] as const,
  revisions: (id: number) => ['me', 'editor', 'revisions', id] as const,
  previewLinks: (id: number) => ['me', 'editor', 'preview-links', id] as const,
  uploadsAll: ['me', 'editor', 'uploads'] as const,
  uploads: (page: number) => ['me', 'editor', 'uploads', page] as const,
  imageUses: (key: string) => ['me', 'editor', 'image-uses', key] as const,
  categories: ['article-categories'] as const,
};
