import { z } from 'zod';
import { articleAnswer } from './article-schemas.js';
import { apiRoute, rawAnswer } from './api-route.js';
import { articleIdParams, invalidArticleId } from './editor-articles.js';
import { idParam } from './ids.js';

/**
 * `GET /api/editor/articles/{id}/preview[?revision=N]` (staff) and `GET /api/preview/{token}` (anyone holding the
 * link): the article as the public page will show it, with the newest text (or the revision asked for). Never
 * indexed (`X-Robots-Tag: noindex`), never cached.
 */
const articlePreviewAnswer = z.object({
  article: articleAnswer,
  revision: z.number(),
  /** What the article is now: a draft, scheduled, or live (`pendingChanges`: this text is not live yet). */
  state: z.enum(['draft', 'scheduled', 'live']),
  pendingChanges: z.boolean(),
  publishAt: z.string().nullable(),
});
export type ArticlePreview = z.infer<typeof articlePreviewAnswer>;

/** How long a preview link works. */
export const previewLinkHours = 7 * 24;

/** `GET /api/editor/articles/{id}/preview-links`: the links still working, newest first. */
const previewLinkAnswer = z.object({
  id: z.number(),
  createdAt: z.string(),
  expiresAt: z.string(),
  createdBy: z.string().nullable(),
});
export type PreviewLink = z.infer<typeof previewLinkAnswer>;

/** `POST /api/editor/articles/{id}/preview-links` (201): the token is shown once, in `path`. */
const previewLinkCreatedAnswer = previewLinkAnswer.extend({ path: z.string() });
export type PreviewLinkCreated = z.infer<typeof previewLinkCreatedAnswer>;

const previewQuery = z.object({ revision: idParam('revision_not_found').optional() });

/** `…/preview-links/{link}`: a link that is not a decimal id names none, 404 `preview_not_found`. */
const previewLinkParams = articleIdParams.extend({ link: idParam() });
const previewNotFound = { status: 404, key: 'preview_not_found' } as const;
const previewTokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/) });

/**
 * Previews (decision 024): staff read any article's newest text, or any revision, as the public page will show it;
 * a preview link lets someone who is not signed in read the newest text, until it expires or is revoked.
 */
export const articlePreviewRoutes = {
  preview: apiRoute({
    method: 'GET',
    path: '/api/editor/articles/:id/preview',
    params: articleIdParams,
    paramsError: invalidArticleId,
    query: previewQuery,
    answer: articlePreviewAnswer,
    auth: 'staff',
  }),
  createLink: apiRoute({
    method: 'POST',
    path: '/api/editor/articles/:id/preview-links',
    params: articleIdParams,
    paramsError: invalidArticleId,
    answer: previewLinkCreatedAnswer,
    status: 201,
    auth: 'staff',
  }),
  links: apiRoute({
    method: 'GET',
    path: '/api/editor/articles/:id/preview-links',
    params: articleIdParams,
    paramsError: invalidArticleId,
    answer: z.object({ links: z.array(previewLinkAnswer) }),
    auth: 'staff',
  }),
  /** 204: the link stops working at once. */
  revokeLink: apiRoute({
    method: 'DELETE',
    path: '/api/editor/articles/:id/preview-links/:link',
    params: previewLinkParams,
    paramsError: { ...invalidArticleId, link: previewNotFound },
    answer: rawAnswer,
    auth: 'staff',
  }),
  /** The only call here without a session: the token is the key (the server keeps only its hash). */
  byToken: apiRoute({
    method: 'GET',
    path: '/api/preview/:token',
    params: previewTokenParams,
    paramsError: { token: previewNotFound },
    answer: articlePreviewAnswer,
    auth: 'public',
  }),
};
