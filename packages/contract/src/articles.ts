import { z } from 'zod';
import { idParam } from './ids.js';
import { slugPattern } from './slug.js';

/** Articles, lyrics and their categories (public-site §2.4, §3, §7, §9). */

export const articleLimits = { title: 200, description: 255, slug: 200, content: 200_000, images: 20 } as const;

/** Page sizes: the spec's lists load everything; Papo pages them (1–100). */
export const articlePageSize = 20;
export const lyricsPageSize = 48;
export const articleMaxLimit = 100;

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

/** A YouTube video id: 11 characters of the URL-safe base64 alphabet. */
export const youtubeIdPattern = /^[A-Za-z0-9_-]{11}$/;

export interface ArticleCategory {
  id: number;
  /** Stable key the client translates (`articles.categories.<key>`). */
  key: string;
  /** The Portuguese name, for clients that do not translate. */
  name: string;
}

export interface ArticleImage {
  /** Upload key under /uploads/. */
  image: string;
}

/** One article (or lyric) as the public reads it; `idPost`, `strTitle`, `strPost` are the aliases the spec's client reads. */
export interface Article {
  id: number;
  idPost: number;
  slug: string;
  title: string;
  strTitle: string;
  /** Sanitised HTML. */
  content: string;
  strPost: string;
  description: string;
  /** The description, or the start of the text when there is none. */
  shortContent: string;
  /** Upload key under /uploads/, or null. */
  cover: string | null;
  images: ArticleImage[];
  youtube: string | null;
  category: number | null;
  categoryKey: string | null;
  isPublished: boolean;
  isLyrics: boolean;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  authorName: string | null;
  profileImage: string | null;
  welcomeMessage: string | null;
}

/** A card in the blog list. */
export type ArticleSummary = Pick<
  Article,
  'id' | 'idPost' | 'slug' | 'title' | 'strTitle' | 'shortContent' | 'description' | 'cover' | 'category' | 'categoryKey' | 'publishedAt' | 'authorName'
>;

export interface ArticlePage {
  articles: ArticleSummary[];
  total: number;
  page: number;
  limit: number;
}

/** A card in the lyrics list (spec §3 Lyric). */
export interface LyricSummary {
  id: number;
  slug: string;
  title: string;
  cover: string | null;
  shortContent: string;
}

export interface LyricsPage {
  lyrics: LyricSummary[];
  total: number;
  page: number;
  limit: number;
}

/** `GET /api/lyrics/{slug}`: the lyric and its neighbours in the list order, wrapping around. */
export interface LyricDetail extends Article {
  next: string;
  previous: string;
  first: string;
}

const uploadKeyPattern = /^[a-z]+\/[a-f0-9]{32}\.(?:png|jpg|gif|webp)$/;
const uploadKey = z.string().regex(uploadKeyPattern, 'invalid_upload');

/**
 * What a staff write of an article holds (the editor calls of a later issue parse with it). An absent
 * slug is derived from the title; the HTML is sanitised by the server whatever the client sent.
 */
export const articleInput = z.object({
  title: z.string({ error: 'title_required' }).trim().min(1, 'title_required').max(articleLimits.title, 'too_long'),
  slug: z.string().trim().max(articleLimits.slug, 'too_long').regex(slugPattern, 'invalid_slug').optional(),
  content: z.string().max(articleLimits.content, 'too_long').default(''),
  description: z.string().trim().max(articleLimits.description, 'too_long').default(''),
  cover: uploadKey.nullable().default(null),
  images: z.array(uploadKey).max(articleLimits.images, 'too_many').default([]),
  youtube: z.string().regex(youtubeIdPattern, 'invalid_youtube_id').nullable().default(null),
  categoryId: z.number().int().positive().nullable().default(null),
  isPublished: z.boolean().default(false),
  isLyrics: z.boolean().default(false),
});
export type ArticleInput = z.input<typeof articleInput>;
