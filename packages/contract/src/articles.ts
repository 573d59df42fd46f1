/**
 * Articles, lyrics and their categories (public-site §2.4, §3, §7, §9): limits and answer types. The zod
 * schemas are in article-schemas.ts, so screens that only read articles do not download zod.
 */

/**
 * `content` counts the body's readable text (what the writer wrote, markup aside); `contentHtml` bounds its HTML, far
 * above what that text needs in tables, links and formatting.
 */
export const articleLimits = {
  title: 200,
  description: 255,
  slug: 200,
  content: 200_000,
  contentHtml: 1_000_000,
  images: 20,
  composer: 120,
} as const;

/** The length of a body's readable text: its HTML without tags, each entity one character. */
export function bodyTextLength(html: string): number {
  return html.replace(/<[^>]*>/g, '').replace(/&(?:#\d+|#x[\da-f]+|[a-z]+\d*);/gi, '_').length;
}

/**
 * A body's readable text for counting what a save changed: blocks end in a line break, other tags go, each entity is
 * one character (as `bodyTextLength` counts them).
 */
export function bodyText(html: string): string {
  return html
    .replace(/<\/(?:p|h[1-6]|li|pre|blockquote|figcaption)>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(?:#\d+|#x[\da-f]+|[a-z]+\d*);/gi, '_');
}

/** Page sizes: the spec's lists load everything; Papo pages them (1–100). */
export const articlePageSize = 20;
export const lyricsPageSize = 48;
export const articleMaxLimit = 100;

/** A YouTube video id: 11 characters of the URL-safe base64 alphabet. */
export const youtubeIdPattern = /^[A-Za-z0-9_-]{11}$/;

const youtubeUrl =
  /^(?:https?:\/\/)?(?:www\.|m\.|music\.)?(?:youtube(?:-nocookie)?\.com\/(?:watch\?(?:[^#]*&)?v=|embed\/|shorts\/|live\/|v\/)|youtu\.be\/)([A-Za-z0-9_-]{11})(?:[?&#/].*)?$/i;

/**
 * The video id of a YouTube id or of any YouTube address (`watch?v=`, `youtu.be/`, `embed/`, `shorts/`,
 * `live/`); null when the text is neither.
 */
export function youtubeIdFrom(text: string): string | null {
  const value = text.trim();
  if (youtubeIdPattern.test(value)) return value;
  return youtubeUrl.exec(value)?.[1] ?? null;
}

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
  /** The cover's size in pixels (from the image library, where every cover is uploaded), or null when not known. */
  coverSize: { width: number; height: number } | null;
  images: ArticleImage[];
  youtube: string | null;
  category: number | null;
  categoryKey: string | null;
  isPublished: boolean;
  isLyrics: boolean;
  /** A lyric's composer as the song's credits name them; null when unknown (the traditional songs: public domain). */
  composer: string | null;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  authorName: string | null;
  /** The author's display name and username (their page is `/autor/{username}`), or null without an author. */
  author: ArticleAuthor | null;
  profileImage: string | null;
  welcomeMessage: string | null;
  /** Minutes a reader takes to read the text, at least one. */
  readingMinutes: number;
}

export interface ArticleAuthor {
  name: string;
  username: string;
}

/** `GET /api/authors/{username}`: an author's page, with their published articles, newest first. */
export interface AuthorPage extends ArticleAuthor {
  image: string | null;
  welcome: string | null;
  articles: ArticleSummary[];
}

/** Related articles an article page shows. */
export const relatedArticlesCount = 3;

/** A card in the blog list. */
export type ArticleSummary = Pick<
  Article,
  | 'id'
  | 'idPost'
  | 'slug'
  | 'title'
  | 'strTitle'
  | 'shortContent'
  | 'description'
  | 'cover'
  | 'category'
  | 'categoryKey'
  | 'publishedAt'
  | 'authorName'
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
