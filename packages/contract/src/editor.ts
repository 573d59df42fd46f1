import { z } from 'zod';
import { composerField } from './article-schemas.js';
import { articleLimits } from './articles.js';
import { idParam } from './ids.js';
import { searchQueryLimits } from './search.js';
import { apiRoute, multipartBody, rawAnswer } from './api-route.js';

/**
 * The back office (public-site §2.6, §5, §9, §7 staff calls): the image library and its uploads, the article
 * editor's inputs, and the versions and histories the article, store and bio editors share. Every call is for
 * ROLE_ADMIN or ROLE_MODERATOR.
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
const libraryImageUseAnswer = z.object({
  kind: z.enum(['article', 'store', 'bio', 'profile']),
  id: z.number(),
  label: z.string(),
});
export type LibraryImageUse = z.infer<typeof libraryImageUseAnswer>;

/**
 * `GET /api/uploads/{key}/uses`: where the image is used. `DELETE /api/uploads/{key}` (`key` as `library/{name}`)
 * removes the image and its variants (204), or answers 409 `image_in_use` with these `uses` while any exist.
 */
const libraryImageUsesAnswer = z.object({ uses: z.array(libraryImageUseAnswer) });
export type LibraryImageUses = z.infer<typeof libraryImageUsesAnswer>;

/**
 * `POST /api/editor/library/import` `{ url }`, staff only: the server fetches an image from outside (the browser
 * may not: the site's CSP lets it connect to its own origin only) and stores it in the library under the library's
 * rules, answering the `UploadedFile`. Refusals: 400 `import_address_refused` (not http(s), or an address inside),
 * 413 `image_too_large`, 400 `import_not_image` (or the library's image keys), 422 `import_unreachable`.
 */
const libraryImportBody = z.object({
  url: z
    .string({ error: 'import_address_refused' })
    .trim()
    .min(1, 'import_address_refused')
    .max(2048, 'import_address_refused'),
});

/** Limits of an import: one deadline for the whole fetch, and redirects followed. */
export const libraryImportLimits = { timeoutMs: 10_000, redirects: 3 } as const;

/** A library image's path (`/api/uploads/{folder}/{file}`); a key of another folder, or unknown, is 404 too. */
const uploadPathParams = z.object({ folder: z.string(), file: z.string() });
const uploadNotFound = { status: 404, key: 'upload_not_found' } as const;

/** Importing, and deleting with its uses: staff only (see above). */
export const imageLibraryRoutes = {
  importImage: apiRoute({
    method: 'POST',
    path: '/api/editor/library/import',
    body: libraryImportBody,
    answer: uploadedFileAnswer,
    status: 201,
    auth: 'staff',
  }),
  uses: apiRoute({
    method: 'GET',
    path: '/api/uploads/:folder/:file/uses',
    params: uploadPathParams,
    paramsError: { folder: uploadNotFound, file: uploadNotFound },
    answer: libraryImageUsesAnswer,
    auth: 'staff',
  }),
  /** 204, or 409 `image_in_use` with its `uses`. */
  remove: apiRoute({
    method: 'DELETE',
    path: '/api/uploads/:folder/:file',
    params: uploadPathParams,
    paramsError: { folder: uploadNotFound, file: uploadNotFound },
    answer: rawAnswer,
    auth: 'staff',
  }),
};

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

/**
 * The version of a record an editor read (decisions 024, 028): the id of its newest revision, also the ETag `"r{id}"`
 * the editor sends back as `If-Match` (0: a store or bio entry never saved since revisions exist); who saved it, when.
 */
export interface RevisionStamp {
  revision: number;
  revisionAuthor: string | null;
  revisionAt: string | null;
}

/**
 * How long a history keeps revisions (articles, stores, bio entries): every one for `everyRevisionDays`, then the
 * newest of each day up to `dailyUntilDays`. The newest and the live one stay whatever their age.
 */
export const revisionRetention = { everyRevisionDays: 30, dailyUntilDays: 365 } as const;

/**
 * What a record's save changed: its fields by name, and its slots (by position) added, removed or changed. An
 * article has no slots; its body's readable characters added and removed are `characters` (`content` is among the
 * fields only when the save changed its formatting alone).
 */
const revisionChangesAnswer = z.object({
  fields: z.array(z.string()),
  slotsAdded: z.array(z.number()),
  slotsRemoved: z.array(z.number()),
  slotsChanged: z.array(z.number()),
  characters: z.object({ added: z.number(), removed: z.number() }).optional(),
});
export type RevisionChanges = z.infer<typeof revisionChangesAnswer>;

/** A row of a history panel, newest first: a save, who made it and when. */
export const revisionSummaryAnswer = z.object({
  id: z.number(),
  /** The display name of who saved it; null when the account is gone. */
  authorName: z.string().nullable(),
  createdAt: z.string(),
  /** What the record was called then: an article's title, a store's name, a bio entry's tag. */
  title: z.string(),
  /** The newest revision (the editor's). */
  isHead: z.boolean(),
  /** What this save changed from the revision before it; null for the oldest one kept. */
  changes: revisionChangesAnswer.nullable().optional(),
});
export type RevisionSummary = z.infer<typeof revisionSummaryAnswer>;

/**
 * `GET /api/album/{id}/revisions` and `GET /api/bio/{id}/revisions` (staff): a store's or bio entry's saves (decision
 * 028), newest first. `POST …/revisions/{revision}/restore` with `If-Match` saves that revision's fields as the newest
 * (412 `edit_conflict` on a stale tag) and answers the record as the editor reads it.
 */
export interface RecordRevisionList {
  revisions: RevisionSummary[];
}
