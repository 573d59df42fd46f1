import { z } from 'zod';
import { articleInput } from './article-schemas.js';
import { apiRoute, multipartBody, rawAnswer } from './api-route.js';
import { categoryEditInput, coverEditInput, editorLatestQuery, revisionSummaryAnswer } from './editor.js';
import { idParam, revisionNotFound } from './ids.js';

/**
 * The article back office's calls (public-site §2.6, §7 staff calls; decision 024), every one for ROLE_ADMIN or
 * ROLE_MODERATOR. The spec's client leaves the editor's own writes out; Papo's are `POST /api/editor/articles`,
 * `PUT /api/editor/articles/{id}`, `DELETE /api/editor/articles/{id}` with `articleInput` as the body.
 */

/** A row of the article list (spec §2.6). */
const editorArticleRowAnswer = z.object({
  id: z.number(),
  title: z.string(),
  slug: z.string(),
  isPublished: z.boolean(),
  isLyrics: z.boolean(),
  category: z.number().nullable(),
  categoryKey: z.string().nullable(),
  /** Set while a publication is scheduled. */
  publishAt: z.string().nullable(),
  updatedAt: z.string(),
  /** The store whose description this article is (generated for it, shown on its page), else null. */
  descriptionOf: z.string().nullable(),
});
export type EditorArticleRow = z.infer<typeof editorArticleRowAnswer>;

const editorArticlePageAnswer = z.object({
  articles: z.array(editorArticleRowAnswer),
  page: z.number(),
  hasMore: z.boolean(),
});
export type EditorArticlePage = z.infer<typeof editorArticlePageAnswer>;

/** `GET /api/articles/{id}`: everything the editor edits, drafts included. */
const editorArticleAnswer = z.object({
  id: z.number(),
  title: z.string(),
  slug: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  cover: z.string().nullable(),
  description: z.string(),
  category: z.number().nullable(),
  isPublished: z.boolean(),
  isLyrics: z.boolean(),
  composer: z.string().nullable(),
  youtube: z.string().nullable(),
  images: z.array(z.string()),
  publishAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
  /**
   * The revision the text above is (decision 024): its id, also sent as the ETag `"r{id}"` the editor returns as
   * `If-Match`; who saved it and when.
   */
  revision: z.number(),
  revisionAuthor: z.string().nullable(),
  revisionAt: z.string(),
  /** A live article whose newest text is not what the public reads yet ("Publicar alterações" makes it live). */
  pendingChanges: z.boolean(),
  /** The address the public reads now (the slug above may be a draft's). */
  liveSlug: z.string(),
  /** The stores showing this article as their description (deleting it gives them back their own). */
  linkedStores: z.array(z.string()),
});
export type EditorArticle = z.infer<typeof editorArticleAnswer>;

/** `POST /api/editor/articles` (201), with the first revision also as the ETag. */
const articleCreatedAnswer = z.object({ id: z.number(), slug: z.string(), revision: z.number() });
export type ArticleCreated = z.infer<typeof articleCreatedAnswer>;

/**
 * `PUT /api/editor/articles/{id}`: `article_saved` when the text is what the public reads (a draft, or a live
 * article saved unchanged), `draft_saved` when a live article keeps its live text and this one waits for
 * `POST /api/editor/articles/{id}/publish`.
 */
const articleSavedAnswer = z.object({
  slug: z.string(),
  message: z.enum(['article_saved', 'draft_saved', 'changes_published']),
  revision: z.number(),
  pendingChanges: z.boolean(),
  liveSlug: z.string(),
});
export type ArticleSaved = z.infer<typeof articleSavedAnswer>;

/**
 * Bytes an article save's JSON body may have: the contract's 200,000 characters of HTML, each up to 4 bytes in UTF-8,
 * and JSON escaping, with room for the other fields. Beyond: 413 `payload_too_large`.
 */
export const articleBodyBytes = 2 * 1024 * 1024;

/**
 * `PUT /api/editor/articles/{id}?autosave=1`: a save the editor made by itself after a pause in typing. One editor's
 * autosaves of the same ten minutes fold into one revision; a save asked for (a click, Ctrl+S, a conflict's answer) is
 * a revision of its own.
 */
const articleSaveQuery = z.object({ autosave: z.literal('1', { error: 'invalid_type' }).optional() });

/** A row of the article history panel (`GET /api/editor/articles/{id}/revisions`), newest first. */
const articleRevisionSummaryAnswer = revisionSummaryAnswer.extend({
  slug: z.string(),
  /** When this text went live as it is, else null. */
  publishedAt: z.string().nullable(),
  /** The revision this one restored, when it is a restore. */
  restoredFrom: z.number().nullable(),
  /** What the public reads. */
  isLive: z.boolean(),
});
export type ArticleRevisionSummary = z.infer<typeof articleRevisionSummaryAnswer>;

const articleRevisionListAnswer = z.object({ revisions: z.array(articleRevisionSummaryAnswer) });
export type ArticleRevisionList = z.infer<typeof articleRevisionListAnswer>;

/** `GET /api/editor/articles/{id}/revisions/{revision}`: one revision with its text. */
const articleRevisionAnswer = articleRevisionSummaryAnswer.extend({
  content: z.string(),
  description: z.string(),
  cover: z.string().nullable(),
  images: z.array(z.string()),
  youtube: z.string().nullable(),
});
export type ArticleRevision = z.infer<typeof articleRevisionAnswer>;

/** `409 slug_taken`: a free slug to offer instead. */
export interface SlugTakenAnswer {
  message: 'slug_taken';
  suggestion: string;
}

/** `PUT /api/editor_edit2/{id}`: the article's version after the step (also the ETag), for the next `If-Match`. */
const categorySavedAnswer = z.object({
  message: z.enum(['article_saved', 'article_scheduled']),
  revision: z.number(),
});
export type CategorySaved = z.infer<typeof categorySavedAnswer>;

/** `PUT /api/editor_edit_cover/{id}` and `POST /api/uploadArticleCover`: the article's version after the save (also the ETag). */
const articleCoverSavedAnswer = z.object({ message: z.literal('cover_saved'), revision: z.number() });
export type ArticleCoverSaved = z.infer<typeof articleCoverSavedAnswer>;

/** The paths of the editor's calls: `…/articles/{id}`; anything but a decimal id is 400 `invalid_id`. */
export const articleIdParams = z.object({ id: idParam() });
export const invalidArticleId = { id: { status: 400, key: 'invalid_id' } } as const;

/** `…/articles/{id}/revisions/{revision}`: a revision that is not a decimal id names none, 404 `revision_not_found`. */
const articleRevisionParams = articleIdParams.extend({ revision: idParam() });
const articleRevisionError = { ...invalidArticleId, revision: revisionNotFound } as const;

/**
 * The article back office's own calls (staff): the first save (201, or 409 `slug_taken` with a `suggestion`), the
 * text's saves (a live article's wait as a draft; `If-Match` makes them conflict-safe, 412 `edit_conflict`), the
 * publication of waiting changes, the editor's read (the ETag is its revision), the list and the category step.
 */
export const editorArticleRoutes = {
  create: apiRoute({
    method: 'POST',
    path: '/api/editor/articles',
    body: articleInput,
    answer: articleCreatedAnswer,
    status: 201,
    auth: 'staff',
  }),
  save: apiRoute({
    method: 'PUT',
    path: '/api/editor/articles/:id',
    params: articleIdParams,
    paramsError: invalidArticleId,
    query: articleSaveQuery,
    body: articleInput,
    answer: articleSavedAnswer,
    auth: 'staff',
  }),
  publish: apiRoute({
    method: 'POST',
    path: '/api/editor/articles/:id/publish',
    params: articleIdParams,
    paramsError: invalidArticleId,
    answer: articleSavedAnswer,
    auth: 'staff',
  }),
  /** 204: the article and its revisions go; its files stay in the library. */
  remove: apiRoute({
    method: 'DELETE',
    path: '/api/editor/articles/:id',
    params: articleIdParams,
    paramsError: invalidArticleId,
    answer: rawAnswer,
    auth: 'staff',
  }),
  read: apiRoute({
    method: 'GET',
    path: '/api/articles/:id',
    params: articleIdParams,
    paramsError: invalidArticleId,
    answer: editorArticleAnswer,
    auth: 'staff',
  }),
  list: apiRoute({
    method: 'GET',
    path: '/api/editor_latest',
    query: editorLatestQuery,
    answer: editorArticlePageAnswer,
    auth: 'staff',
  }),
  categoryStep: apiRoute({
    method: 'PUT',
    path: '/api/editor_edit2/:id',
    params: articleIdParams,
    paramsError: invalidArticleId,
    body: categoryEditInput,
    formBody: true,
    answer: categorySavedAnswer,
    auth: 'staff',
  }),
};

/** An article's history (decision 024): its saves, one with its text, and a restore (a save, with `If-Match`). */
export const articleRevisionRoutes = {
  list: apiRoute({
    method: 'GET',
    path: '/api/editor/articles/:id/revisions',
    params: articleIdParams,
    paramsError: invalidArticleId,
    answer: articleRevisionListAnswer,
    auth: 'staff',
  }),
  read: apiRoute({
    method: 'GET',
    path: '/api/editor/articles/:id/revisions/:revision',
    params: articleRevisionParams,
    paramsError: articleRevisionError,
    answer: articleRevisionAnswer,
    auth: 'staff',
  }),
  restore: apiRoute({
    method: 'POST',
    path: '/api/editor/articles/:id/revisions/:revision/restore',
    params: articleRevisionParams,
    paramsError: articleRevisionError,
    answer: articleSavedAnswer,
    auth: 'staff',
  }),
};

/**
 * The cover step: a library image picked, or an upload (multipart `file`, `article_id`, `description`; the file only
 * when a new one was chosen). Both conflict-safe with `If-Match`.
 */
export const articleCoverRoutes = {
  pick: apiRoute({
    method: 'PUT',
    path: '/api/editor_edit_cover/:id',
    params: articleIdParams,
    paramsError: invalidArticleId,
    body: coverEditInput,
    answer: articleCoverSavedAnswer,
    auth: 'staff',
  }),
  upload: apiRoute({
    method: 'POST',
    path: '/api/uploadArticleCover',
    body: multipartBody,
    answer: articleCoverSavedAnswer,
    auth: 'staff',
  }),
};
