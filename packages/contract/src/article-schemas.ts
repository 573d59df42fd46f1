import { z } from 'zod';
import {
  articleLimits,
  articleMaxLimit,
  articlePageSize,
  bodyTextLength,
  lyricsPageSize,
  youtubeIdFrom,
} from './articles.js';
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
