import type { ArticleInput } from '@papo/contract/article-schemas';
import type { EditorArticle } from '@papo/contract/editor-articles';
import type { TFunction } from 'i18next';
import { ApiError, messageText } from '../../../lib/api';
import type { FieldErrors } from '../../../lib/field-errors';
import type { TypedArticle } from '../hooks/use-article-fields';

/* What the article editor's saves say and send: their states, the waits between tries, failures in the editor's words, the input. */

export type SaveState =
  | { kind: 'idle' }
  | { kind: 'dirty' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: Date }
  | { kind: 'published'; at: Date }
  | { kind: 'conflict' }
  /** The server could not be reached (or failed): the save is tried again by itself at `at` (epoch ms). */
  | { kind: 'retrying'; at: number }
  /** The server refused the save (a field, a rule): nothing is tried again until the text changes. */
  | { kind: 'error'; text: string };

/** How the form starts again: a line said above it, and whether its text is one brought back unsaved (to save). */
export interface ReloadOptions {
  notice?: string;
  recovered?: boolean;
}

/** Waits before trying a failed save again: 5 s, then twice as long each time, at most a minute. */
export const retryDelay = (failures: number) => Math.min(5000 * 2 ** (failures - 1), 60_000);

/** A failure worth trying again by itself: no answer, a timeout, too many requests, or a server error. */
export const isTransient = (error: unknown) =>
  error instanceof ApiError &&
  (error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500);

/** Field keys (the contract's check or a refused save) as the editor's texts, the first of each field. */
export function fieldTextsOf(t: TFunction, keys: FieldErrors) {
  const texts: Record<string, string> = {};
  for (const [field, [key = ''] = []] of Object.entries(keys)) {
    texts[field] =
      field === 'content' && key === 'too_long'
        ? t('editor.errors.content_too_long')
        : messageText(t, key, 'editor.errors');
  }
  return texts;
}

/** A failure said in the editor's words (anything that is no answer of the API is the generic one). */
export const failureText = (t: TFunction, error: unknown) =>
  error instanceof ApiError ? messageText(t, error.message, 'editor.errors') : t('errors.generic');

/** The article as typed here, as a save sends it (the other steps' choices as the editor read them). */
export function inputOf(
  article: EditorArticle,
  { title, slug, description, youtube, content }: Omit<TypedArticle, 'settleSlug'>,
): ArticleInput {
  return {
    title,
    slug: slug || undefined,
    content: content.current,
    description,
    youtube: youtube.trim() || null,
    cover: article.cover,
    images: article.images,
    categoryId: article.category,
    // A scheduled article keeps its schedule; the category step decides publication.
    isPublished: article.isPublished || article.publishAt !== null,
    publishAt: article.publishAt,
    isLyrics: article.isLyrics,
  };
}
