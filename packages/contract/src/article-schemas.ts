import { z } from 'zod';
import {
  articleLimits,
  articleMaxLimit,
  articlePageSize,
  bodyTextLength,
  lyricsPageSize,
  youtubeIdFrom,
  type Article,
  type ArticleCategory,
  type ArticlePage,
  type ArticleSummary,
  type AuthorPage,
  type LyricDetail,
  type LyricsPage,
} from './articles.js';
import { apiRoute } from './api-route.js';
import { usernamePattern } from './auth-limits.js';
import { idParam } from './ids.js';
import { slugPattern } from './slug.js';

/** The zod schemas of the article calls (see articles.ts for limits and answer types). */

const pageNumber = idParam('invalid_page').optional().default(1);
const pageLimit = (fallback: number) =>
  idParam('invalid_limit').pipe(z.number().max(articleMaxLimit, 'invalid_limit')).optional().default(fallback);

/** `GET /api/articles?page&limit&category` (category: a category id). */
export const articleListQuery = z.object({
  page: pageNumber,
  limit: pageLimit(articlePageSize),
  category: idParam('invalid_category').optional(),
});

/** `GET /api/lyrics?page&limit`. */
export const lyricsListQuery = z.object({ page: pageNumber, limit: pageLimit(lyricsPageSize) });

/** `GET /api/article/{slug}` and `GET /api/lyrics/{slug}` (the latter also takes a numeric id). */
export const articleSlugParams = z.object({
  slug: z.string().max(articleLimits.slug, 'article_not_found').regex(slugPattern, 'article_not_found'),
});

/** A lyric's composer: an empty text means none (unknown: the song is credited to the public domain). */
export const composerField = z
  .string({ error: 'invalid_composer' })
  .trim()
  .max(articleLimits.composer, 'too_long')
  .transform((text) => text || null)
  .nullable();

const uploadKeyPattern = /^[a-z]+\/[a-f0-9]{32}\.(?:png|jpg|gif|webp)$/;
const uploadKey = z.string().regex(uploadKeyPattern, 'invalid_upload');

/**
 * What a staff write of an article holds (the editor calls of a later issue parse with it). An absent
 * slug is derived from the title; the HTML is sanitised by the server whatever the client sent.
 */
export const articleInput = z.object({
  title: z.string({ error: 'title_required' }).trim().min(1, 'title_required').max(articleLimits.title, 'too_long'),
  slug: z.string().trim().max(articleLimits.slug, 'too_long').regex(slugPattern, 'invalid_slug').optional(),
  content: z
    .string()
    .max(articleLimits.contentHtml, 'too_long')
    .refine((html) => bodyTextLength(html) <= articleLimits.content, 'too_long')
    .default(''),
  description: z.string().trim().max(articleLimits.description, 'too_long').default(''),
  cover: uploadKey.nullable().default(null),
  images: z.array(uploadKey).max(articleLimits.images, 'too_many').default([]),
  // An id or any YouTube address, kept as the id; an empty text means no video.
  youtube: z
    .string()
    .max(500, 'invalid_youtube_id')
    .transform((text, ctx) => {
      if (!text.trim()) return null;
      const id = youtubeIdFrom(text);
      if (!id) ctx.addIssue({ code: 'custom', message: 'invalid_youtube_id' });
      return id;
    })
    .nullable()
    .default(null),
  categoryId: z.number().int().positive().nullable().default(null),
  isPublished: z.boolean().default(false),
  isLyrics: z.boolean().default(false),
  /** Absent: the composer stays as it is (a save of the text alone leaves it). */
  composer: composerField.optional(),
  /** With `isPublished`, a later time schedules the publication (it goes live then, nobody acting). */
  publishAt: z.iso.datetime({ offset: true, error: 'invalid_date' }).nullable().default(null),
});
export type ArticleInput = z.input<typeof articleInput>;
/** The fields once parsed: what the article services take. */
export type ArticleFields = z.output<typeof articleInput>;

/*
 * The answers of the public reads, checked against the interfaces of articles.ts (which stays free of zod for the
 * screens that only read articles): a field the interface has and the schema lacks fails the typecheck.
 */
const articleCategoryAnswer = z.object({
  id: z.number(),
  key: z.string(),
  name: z.string(),
}) satisfies z.ZodType<ArticleCategory>;

const articleAuthorAnswer = z.object({ name: z.string(), username: z.string() });

export const articleAnswer = z.object({
  id: z.number(),
  idPost: z.number(),
  slug: z.string(),
  title: z.string(),
  strTitle: z.string(),
  content: z.string(),
  strPost: z.string(),
  description: z.string(),
  shortContent: z.string(),
  cover: z.string().nullable(),
  coverSize: z.object({ width: z.number(), height: z.number() }).nullable(),
  images: z.array(z.object({ image: z.string() })),
  youtube: z.string().nullable(),
  category: z.number().nullable(),
  categoryKey: z.string().nullable(),
  isPublished: z.boolean(),
  isLyrics: z.boolean(),
  composer: z.string().nullable(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  authorName: z.string().nullable(),
  author: articleAuthorAnswer.nullable(),
  profileImage: z.string().nullable(),
  welcomeMessage: z.string().nullable(),
  readingMinutes: z.number(),
}) satisfies z.ZodType<Article>;

const articleSummaryAnswer = articleAnswer.pick({
  id: true,
  idPost: true,
  slug: true,
  title: true,
  strTitle: true,
  shortContent: true,
  description: true,
  cover: true,
  category: true,
  categoryKey: true,
  publishedAt: true,
  authorName: true,
}) satisfies z.ZodType<ArticleSummary>;

const articlePageAnswer = z.object({
  articles: z.array(articleSummaryAnswer),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
}) satisfies z.ZodType<ArticlePage>;

const authorPageAnswer = articleAuthorAnswer.extend({
  image: z.string().nullable(),
  welcome: z.string().nullable(),
  articles: z.array(articleSummaryAnswer),
}) satisfies z.ZodType<AuthorPage>;

const lyricsPageAnswer = z.object({
  lyrics: z.array(
    z.object({
      id: z.number(),
      slug: z.string(),
      title: z.string(),
      cover: z.string().nullable(),
      shortContent: z.string(),
    }),
  ),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
}) satisfies z.ZodType<LyricsPage>;

const lyricDetailAnswer = articleAnswer.extend({
  next: z.string(),
  previous: z.string(),
  first: z.string(),
}) satisfies z.ZodType<LyricDetail>;

/**
 * The public reads of articles and lyrics (public-site §7), answered from memory with an ETag; the lists keep their
 * parsed query strings. A path segment that cannot be a slug names nothing: a 404 like any unknown slug. An article's or lyric's former address answers 301 to today's.
 */
export const articleRoutes = {
  list: apiRoute({
    method: 'GET',
    path: '/api/articles',
    query: articleListQuery,
    keptQuery: true,
    answer: articlePageAnswer,
    auth: 'public',
  }),
  article: apiRoute({
    method: 'GET',
    path: '/api/article/:slug',
    params: articleSlugParams,
    paramsError: { slug: { status: 404, key: 'article_not_found' } },
    answer: articleAnswer,
    auth: 'public',
  }),
  related: apiRoute({
    method: 'GET',
    path: '/api/article/:slug/related',
    params: articleSlugParams,
    paramsError: { slug: { status: 404, key: 'article_not_found' } },
    answer: z.array(articleSummaryAnswer),
    auth: 'public',
  }),
  author: apiRoute({
    method: 'GET',
    path: '/api/authors/:username',
    params: z.object({ username: z.string().regex(usernamePattern) }),
    paramsError: { username: { status: 404, key: 'author_not_found' } },
    answer: authorPageAnswer,
    auth: 'public',
  }),
  latest: apiRoute({ method: 'GET', path: '/api/articleLast', answer: articleAnswer, auth: 'public' }),
  categories: apiRoute({
    method: 'GET',
    path: '/api/article-categories',
    answer: z.array(articleCategoryAnswer),
    auth: 'public',
  }),
  lyrics: apiRoute({
    method: 'GET',
    path: '/api/lyrics',
    query: lyricsListQuery,
    keptQuery: true,
    answer: lyricsPageAnswer,
    auth: 'public',
  }),
  lyric: apiRoute({
    method: 'GET',
    path: '/api/lyrics/:slug',
    params: articleSlugParams,
    paramsError: { slug: { status: 404, key: 'lyric_not_found' } },
    answer: lyricDetailAnswer,
    auth: 'public',
  }),
};
