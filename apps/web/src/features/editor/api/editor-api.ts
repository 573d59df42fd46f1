import type { ArticleInput } from '@papo/contract/article-schemas';
import type { ArticleCategory } from '@papo/contract/articles';
import type {
  ArticleCreated,
  ArticleRevisionList,
  ArticleSaved,
  EditorArticle,
  EditorArticlePage,
  EditorListStatus,
  LibraryImageUses,
  CategorySaved,
  EditorMessage,
  UploadsPage,
} from '@papo/contract/editor';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiFetch, revisionTag } from '../../../lib/api';

// NOTE: under 'me' because logout drops those queries; drafts must not outlive the session in the cache.
export const editorKeys = {
  all: ['me', 'editor'] as const,
  list: (lyrics: boolean, filter: EditorListFilter = {}) => ['me', 'editor', 'list', lyrics, filter.q ?? '', filter.status ?? ''] as const,
  article: (id: number) => ['me', 'editor', 'article', id] as const,
  revisions: (id: number) => ['me', 'editor', 'revisions', id] as const,
  uploadsAll: ['me', 'editor', 'uploads'] as const,
  uploads: (page: number) => ['me', 'editor', 'uploads', page] as const,
  imageUses: (key: string) => ['me', 'editor', 'image-uses', key] as const,
  categories: ['article-categories'] as const,
};

/** The article list's search (title) and status filter, as in the screen's address. */
export interface EditorListFilter {
  q?: string;
  status?: EditorListStatus;
}

export function useEditorArticles(lyrics: boolean, filter: EditorListFilter = {}) {
  return useInfiniteQuery({
    queryKey: editorKeys.list(lyrics, filter),
    queryFn: ({ pageParam, signal }) =>
      apiFetch<EditorArticlePage>('/api/editor_latest', {
        query: { page: pageParam, lyrics: lyrics ? '1' : undefined, q: filter.q || undefined, status: filter.status },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    // A new search or filter keeps the rows on screen until its answer comes.
    placeholderData: keepPreviousData,
  });
}

export function getEditorArticle(id: number, signal?: AbortSignal): Promise<EditorArticle> {
  return apiFetch<EditorArticle>(`/api/articles/${id}`, { signal });
}

export function useEditorArticle(id: number | null) {
  return useQuery({
    queryKey: editorKeys.article(id ?? 0),
    queryFn: ({ signal }) => getEditorArticle(id!, signal),
    enabled: id !== null,
    // The editor owns the text while it is open: a refetch must not overwrite what is being typed.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useArticleCategories() {
  return useQuery({
    queryKey: editorKeys.categories,
    queryFn: ({ signal }) => apiFetch<ArticleCategory[]>('/api/article-categories', { auth: false, signal }),
    staleTime: 10 * 60_000,
  });
}

export function useUploads(page: number) {
  return useQuery({
    queryKey: editorKeys.uploads(page),
    queryFn: ({ signal }) => apiFetch<UploadsPage>('/api/uploads', { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Where a library image is used (articles, stores, bio, profiles): it can be deleted only when nowhere. */
export function useImageUses(key: string) {
  return useQuery({
    queryKey: editorKeys.imageUses(key),
    queryFn: ({ signal }) => apiFetch<LibraryImageUses>(`/api/uploads/${key}/uses`, { signal }),
  });
}

/** Deletes a library image and its variants; 409 `image_in_use` while something shows it. */
export function deleteLibraryImage(key: string): Promise<void> {
  return apiFetch<void>(`/api/uploads/${key}`, { method: 'DELETE' });
}

export function createArticle(input: ArticleInput): Promise<ArticleCreated> {
  return apiFetch<ArticleCreated>('/api/editor/articles', { method: 'POST', json: input });
}

/** Saves the text; a live article's save waits as a draft until `publishArticleChanges`. 412 `edit_conflict` when `revision` is stale. */
export function saveArticle(id: number, input: ArticleInput, revision: number): Promise<ArticleSaved> {
  return apiFetch<ArticleSaved>(`/api/editor/articles/${id}`, { method: 'PUT', json: input, ifMatch: revisionTag(revision) });
}

export function publishArticleChanges(id: number, revision: number): Promise<ArticleSaved> {
  return apiFetch<ArticleSaved>(`/api/editor/articles/${id}/publish`, { method: 'POST', ifMatch: revisionTag(revision) });
}

/** The article's history panel: every save, newest first. */
export function getArticleRevisions(id: number, signal: AbortSignal): Promise<ArticleRevisionList> {
  return apiFetch<ArticleRevisionList>(`/api/editor/articles/${id}/revisions`, { signal });
}

/** Brings a revision back as the newest one (the current one stays in the history). */
export function restoreRevision(id: number, revision: number, current: number): Promise<ArticleSaved> {
  return apiFetch<ArticleSaved>(`/api/editor/articles/${id}/revisions/${revision}/restore`, { method: 'POST', ifMatch: revisionTag(current) });
}

/** The category step; 412 `edit_conflict` when `revision` (the article's version this step read) is stale. */
export function saveCategoryStep(id: number, input: { category: number; isPublished: boolean; isLyrics: boolean; publishAt: string }, revision: number): Promise<CategorySaved> {
  return apiFetch<CategorySaved>(`/api/editor_edit2/${id}`, {
    method: 'PUT',
    ifMatch: revisionTag(revision),
    form: { category: String(input.category), isPublished: String(input.isPublished), isLyrics: String(input.isLyrics), publishAt: input.publishAt },
  });
}

export function pickCover(id: number, cover: string): Promise<EditorMessage> {
  return apiFetch<EditorMessage>(`/api/editor_edit_cover/${id}`, { method: 'PUT', json: { cover } });
}

export function uploadCover(id: number, input: { file: File | null; description: string }): Promise<EditorMessage> {
  const form = new FormData();
  form.set('article_id', String(id));
  form.set('description', input.description);
  // The file is sent only when a new one was chosen (public-site §5).
  if (input.file) form.set('file', input.file);
  return apiFetch<EditorMessage>('/api/uploadArticleCover', { method: 'POST', multipart: form });
}
