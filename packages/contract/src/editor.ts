import { z } from 'zod';
import type { Article } from './articles.js';
import { composerField } from './article-schemas.js';
import { articleLimits } from './articles.js';
import { idParam } from './ids.js';
import { searchQueryLimits } from './search.js';
import { apiRoute, multipartBody } from './api-route.js';

/**
 * The article back office (public-site §2.6, §7 staff calls). Every call is for ROLE_ADMIN or
 * ROLE_MODERATOR. The spec's client leaves the editor's own writes out; Papo's are
 * `POST /api/editor/articles`, `PUT /api/editor/articles/{id}`, `DELETE /api/editor/articles/{id}`
 * with `articleInput` (articles.ts) as the body.
 */

/** Upload rules (public-site §5, §9). */
export const uploadLimits = {
  /** Bytes per file. */
  bytes: 10 * 1024 * 1024,
  /** Pixels per image (width × height). */
  pixels: 40_000_000,
  /** Files per `POST /api/uploadImage`. */
  filesPerBatch: 20,
  /** Width of the WebP variant the lists show. */
  variantWidth: 480,
  /** Library and cover picker page size. */
  pageSize: 20,
} as const;

/** Recommended cover size (public-site §9). */
export const coverHint = { width: 1200, height: 630 } as const;

/** MIME types the image library accepts (JPEG, PNG); covers also take WebP. */
export const libraryTypes = ['image/jpeg', 'image/png'] as const;
export const coverTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** Multipart field names. */
export const uploadFields = {
  files: 'files[]',
  cover: 'file',
  articleId: 'article_id',
  description: 'description',
} as const;

/** `GET /api/uploads?page`: the library, newest first. */
export const uploadsQuery = z.object({ page: idParam('invalid_page').optional().default(1) });

/** A file of the image library. `name` is its upload key: it is served at `/uploads/{name}`. */
const uploadedFileAnswer = z.object({
  name: z.string(),
  /** ISO time it was uploaded. */
  modified: z.string(),
  /** The WebP variant for lists (`/uploads/{thumbnail}`). */
  thumbnail: z.string(),
  width: z.number(),
  height: z.number(),
});
export type UploadedFile = z.infer<typeof uploadedFileAnswer>;

const uploadsPageAnswer = z.object({ files: z.array(uploadedFileAnswer), page: z.number(), hasMore: z.boolean() });
export type UploadsPage = z.infer<typeof uploadsPageAnswer>;

/**
 * Where a library image is used: an article (its live text or its unpublished changes: cover, image list
 * or body), a store (cover or slot), a bio entry's photo or a member's profile picture; `label` is the article's
 * title, the store's name, the bio entry's tag or the member's username.
 */
export interface LibraryImageUse {
  kind: 'article' | 'store' | 'bio' | 'profile';
  id: number;
  label: string;
}

/**
 * `GET /api/uploads/{key}/uses`: where the image is used. `DELETE /api/uploads/{key}` (`key` as `library/{name}`)
 * removes the image and its variants (204), or answers 409 `image_in_use` with these `uses` while any exist.
 */
export interface LibraryImageUses {
  uses: LibraryImageUse[];
}

/**
 * `POST /api/editor/library/import` `{ url }`, staff only: the server fetches an image from outside (the browser
 * may not: the site's CSP lets it connect to its own origin only) and stores it in the library under the library's
 * rules, answering the `UploadedFile`. Refusals: 400 `import_address_refused` (not http(s), or an address inside),
 * 413 `image_too_large`, 400 `import_not_image` (or the library's image keys), 422 `import_unreachable`.
 */
export const libraryImportBody = z.object({
  url: z
    .string({ error: 'import_address_refused' })
    .trim()
    .min(1, 'import_address_refused')
    .max(2048, 'import_address_refused'),
});

/** Limits of an import: one deadline for the whole fetch, and redirects followed. */
export const libraryImportLimits = { timeoutMs: 10_000, redirects: 3 } as const;

/** A file of a batch that was refused, by the name it had on the sender's disk. */
const refusedFileAnswer = z.object({ file: z.string(), message: z.string() });
export type RefusedFile = z.infer<typeof refusedFileAnswer>;

/** `POST /api/uploadImage`: what was kept and what was refused (the good ones are kept either way). */
const uploadImagesAnswer = z.object({ files: z.array(uploadedFileAnswer), refused: z.array(refusedFileAnswer) });
export type UploadImagesAnswer = z.infer<typeof uploadImagesAnswer>;

/**
 * The staff image library: `files[]` of a batch (a bad file is reported by its name and the good ones are kept; when
 * none is, the batch fails 400, or 413 for a file too large, with the same body and its first refusal's key), and
 * its pages.
 */
export const uploadRoutes = {
  upload: apiRoute({
    method: 'POST',
    path: '/api/uploadImage',
    body: multipartBody,
    answer: uploadImagesAnswer,
    auth: 'staff',
  }),
  list: apiRoute({
    method: 'GET',
    path: '/api/uploads',
    query: uploadsQuery,
    answer: uploadsPageAnswer,
    auth: 'staff',
  }),
};

/** `PUT /api/editor_edit2/{id}`, form data (`true`/`false`, `1`/`0`, `on`). */
const formFlag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', 'off'])], { error: 'invalid_flag' })
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');

export const categoryEditInput = z.object({
  category: idParam('invalid_category'),
  isPublished: formFlag,
  isLyrics: formFlag,
  /** A lyric's composer; empty: none; absent: unchanged. */
  composer: composerField.optional(),
  /** Empty or absent: publish now (when `isPublished`); a later time schedules it. */
  publishAt: z
    .union([z.literal(''), z.iso.datetime({ offset: true, error: 'invalid_date' })])
    .optional()
    .transform((v) => (v ? v : null)),
});
export type CategoryEditInput = z.input<typeof categoryEditInput>;

/** `PUT /api/editor_edit_cover/{id}`. */
export const coverEditInput = z.object({
  cover: z.string({ error: 'cover_required' }).min(1, 'cover_required').max(200, 'upload_not_found'),
});

/** The optional description of `POST /api/uploadArticleCover`. */
export const coverDescription = z.string().max(articleLimits.description, 'too_long');

/** The status filter of the article list: live, not live and not scheduled, or waiting for its `publishAt`. */
export const editorListStatuses = ['published', 'draft', 'scheduled'] as const;
export type EditorListStatus = (typeof editorListStatuses)[number];

/**
 * `GET /api/editor_latest?lyrics=1&q=&status=`: the list, drafts too; `lyrics=1` keeps lyrics only, `q` the titles
 * that contain it (any case; an empty `q` is no filter), `status` one of `editorListStatuses`.
 */
export const editorLatestQuery = z.object({
  lyrics: z.enum(['0', '1'], { error: 'bad_request' }).optional(),
  page: idParam('invalid_page').optional().default(1),
  q: z.string({ error: 'bad_request' }).trim().max(searchQueryLimits.max, 'search_query_too_long').optional(),
  status: z.enum(editorListStatuses, { error: 'bad_request' }).optional(),
});
export const editorPageSize = 50;

/** A row of the article list (spec §2.6). */
export interface EditorArticleRow {
  id: number;
  title: string;
  slug: string;
  isPublished: boolean;
  isLyrics: boolean;
  category: number | null;
  categoryKey: string | null;
  /** Set while a publication is scheduled. */
  publishAt: string | null;
  updatedAt: string;
  /** The store whose description this article is (generated for it, shown on its page), else null. */
  descriptionOf: string | null;
}

export interface EditorArticlePage {
  articles: EditorArticleRow[];
  page: number;
  hasMore: boolean;
}

/** `GET /api/articles/{id}`: everything the editor edits, drafts included. */
/**
 * The version of a record an editor read (decisions 024, 028): the id of its newest revision, also the ETag `"r{id}"`
 * the editor sends back as `If-Match` (0: a store or bio entry never saved since revisions exist); who saved it, when.
 */
export interface RevisionStamp {
  revision: number;
  revisionAuthor: string | null;
  revisionAt: string | null;
}

export interface EditorArticle {
  id: number;
  title: string;
  slug: string;
  /** Sanitised HTML. */
  content: string;
  cover: string | null;
  description: string;
  category: number | null;
  isPublished: boolean;
  isLyrics: boolean;
  composer: string | null;
  youtube: string | null;
  images: string[];
  publishAt: string | null;
  publishedAt: string | null;
  updatedAt: string;
  /**
   * The revision the text above is (decision 024): its id, also sent as the ETag `"r{id}"` the editor returns as
   * `If-Match`; who saved it and when.
   */
  revision: number;
  revisionAuthor: string | null;
  revisionAt: string;
  /** A live article whose newest text is not what the public reads yet ("Publicar alterações" makes it live). */
  pendingChanges: boolean;
  /** The address the public reads now (the slug above may be a draft's). */
  liveSlug: string;
  /** The stores showing this article as their description (deleting it gives them back their own). */
  linkedStores: string[];
}

export interface ArticleCreated {
  id: number;
  slug: string;
  revision: number;
}

/**
 * `PUT /api/editor/articles/{id}`: `article_saved` when the text is what the public reads (a draft, or a live
 * article saved unchanged), `draft_saved` when a live article keeps its live text and this one waits for
 * `POST /api/editor/articles/{id}/publish`.
 */
export interface ArticleSaved {
  slug: string;
  message: 'article_saved' | 'draft_saved' | 'changes_published';
  revision: number;
  pendingChanges: boolean;
  liveSlug: string;
}

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
export const articleSaveQuery = z.object({ autosave: z.literal('1', { error: 'invalid_type' }).optional() });

/**
 * How long a history keeps revisions (articles, stores, bio entries): every one for `everyRevisionDays`, then the
 * newest of each day up to `dailyUntilDays`. The newest and the live one stay whatever their age.
 */
export const revisionRetention = { everyRevisionDays: 30, dailyUntilDays: 365 } as const;

/** A row of a history panel, newest first: a save, who made it and when. */
export interface RevisionSummary {
  id: number;
  /** The display name of who saved it; null when the account is gone. */
  authorName: string | null;
  createdAt: string;
  /** What the record was called then: an article's title, a store's name, a bio entry's tag. */
  title: string;
  /** The newest revision (the editor's). */
  isHead: boolean;
  /** What this save changed from the revision before it (stores and bio entries); null for the oldest one kept. */
  changes?: RevisionChanges | null;
}

/** What a record's save changed: its fields by name, and its slots (by position) added, removed or changed. */
export interface RevisionChanges {
  fields: string[];
  slotsAdded: number[];
  slotsRemoved: number[];
  slotsChanged: number[];
}

/**
 * `GET /api/album/{id}/revisions` and `GET /api/bio/{id}/revisions` (staff): a store's or bio entry's saves (decision
 * 028), newest first. `POST …/revisions/{revision}/restore` with `If-Match` saves that revision's fields as the newest
 * (412 `edit_conflict` on a stale tag) and answers the record as the editor reads it.
 */
export interface RecordRevisionList {
  revisions: RevisionSummary[];
}

/** A row of the article history panel (`GET /api/editor/articles/{id}/revisions`), newest first. */
export interface ArticleRevisionSummary extends RevisionSummary {
  slug: string;
  /** When this text went live as it is, else null. */
  publishedAt: string | null;
  /** The revision this one restored, when it is a restore. */
  restoredFrom: number | null;
  /** What the public reads. */
  isLive: boolean;
}

export interface ArticleRevisionList {
  revisions: ArticleRevisionSummary[];
}

/** `GET /api/editor/articles/{id}/revisions/{revision}`: one revision with its text. */
export interface ArticleRevision extends ArticleRevisionSummary {
  content: string;
  description: string;
  cover: string | null;
  images: string[];
  youtube: string | null;
}

/** `409 slug_taken`: a free slug to offer instead. */
export interface SlugTakenAnswer {
  message: 'slug_taken';
  suggestion: string;
}

/** The answer of the cover and category calls. */
export interface EditorMessage {
  message: string;
}

/** `PUT /api/editor_edit2/{id}`: the article's version after the step (also the ETag), for the next `If-Match`. */
export interface CategorySaved extends EditorMessage {
  revision: number;
}

/** `PUT /api/editor_edit_cover/{id}` and `POST /api/uploadArticleCover`: the article's version after the save (also the ETag). */
export interface ArticleCoverSaved extends EditorMessage {
  message: 'cover_saved';
  revision: number;
}

/**
 * `GET /api/editor/articles/{id}/preview[?revision=N]` (staff) and `GET /api/preview/{token}` (anyone holding the
 * link): the article as the public page will show it, with the newest text (or the revision asked for). Never
 * indexed (`X-Robots-Tag: noindex`), never cached.
 */
export interface ArticlePreview {
  article: Article;
  revision: number;
  /** What the article is now: a draft, scheduled, or live (`pendingChanges`: this text is not live yet). */
  state: 'draft' | 'scheduled' | 'live';
  pendingChanges: boolean;
  publishAt: string | null;
}

/** How long a preview link works. */
export const previewLinkHours = 7 * 24;

/** `GET /api/editor/articles/{id}/preview-links`: the links still working, newest first. */
export interface PreviewLink {
  id: number;
  createdAt: string;
  expiresAt: string;
  createdBy: string | null;
}

/** `POST /api/editor/articles/{id}/preview-links` (201): the token is shown once, in `path`. */
export interface PreviewLinkCreated extends PreviewLink {
  path: string;
}

export const previewQuery = z.object({ revision: idParam('revision_not_found').optional() });

/** The paths of the editor's calls: `…/articles/{id}`, `…/preview-links/{link}`, `/api/preview/{token}`. */
export const articleIdParams = z.object({ id: idParam() });
export const previewLinkParams = z.object({ link: idParam() });
export const previewTokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/) });
/** A library image's path (`/api/uploads/{folder}/{file}`). */
export const uploadPathParams = z.object({ folder: z.string(), file: z.string() });
