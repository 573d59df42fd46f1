import type { Article, ArticleSummary } from '@papo/contract/articles';
import { parseTextList } from '../../db/values.js';
import { htmlToText, sanitizeArticleHtml } from '../../lib/html.js';
import type { ArticleRow, ArticleSummaryRow } from './repo.js';
import type { RevisionText } from '../revisions/index.js';
import { LRUCache } from 'lru-cache';

/*
 * Stored HTML was sanitised on write; it is sanitised again on the way out (decision 010), so a row
 * written by older code or by hand never reaches a browser unfiltered. The result is remembered per
 * article version, so a popular article costs one sanitiser run, not one per view.
 */
const servedHtml = new LRUCache<string, string>({ max: 500 });

function sanitisedContent(row: ArticleRow, siteOrigin: string): string {
  const key = `${row.id}:${row.updated_at}:${siteOrigin}`;
  const cached = servedHtml.get(key);
  if (cached !== undefined) return cached;
  const html = sanitizeArticleHtml(row.content, siteOrigin);
  servedHtml.set(key, html);
  return html;
}

/** An article row's flags as every answer spells them: published or draft, lyrics or blog. */
export function publishState(row: { is_published: number; is_lyrics: number }): {
  isPublished: boolean;
  isLyrics: boolean;
} {
  return { isPublished: row.is_published === 1, isLyrics: row.is_lyrics === 1 };
}

export function toArticleSummary(row: ArticleSummaryRow): ArticleSummary {
  return {
    id: row.id,
    idPost: row.id,
    slug: row.slug,
    title: row.title,
    strTitle: row.title,
    description: row.description,
    shortContent: row.description || row.excerpt,
    cover: row.cover,
    category: row.category_id,
    categoryKey: row.category_key,
    publishedAt: row.published_at,
    authorName: row.author_name,
  };
}

export function toArticle(row: ArticleRow, siteOrigin: string): Article {
  const content = sanitisedContent(row, siteOrigin);
  return {
    ...toArticleSummary(row),
    content,
    strPost: content,
    coverSize:
      row.cover_width !== null && row.cover_height !== null
        ? { width: row.cover_width, height: row.cover_height }
        : null,
    images: parseTextList(row.images).map((image) => ({ image })),
    youtube: row.youtube,
    ...publishState(row),
    composer: row.composer,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    author:
      row.author_display !== null && row.author_username !== null
        ? { name: row.author_display, username: row.author_username }
        : null,
    profileImage: row.author_image,
    welcomeMessage: row.author_welcome,
    readingMinutes: readingMinutes(content),
  };
}

/** Words a reader reads in a minute, for reading times (a common figure for Portuguese prose on a screen). */
const wordsPerMinute = 200;

/** Minutes to read an article's HTML: its words at `wordsPerMinute`, rounded up, at least one. */
function readingMinutes(html: string): number {
  const words = htmlToText(html).match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
  return Math.max(1, Math.ceil(words / wordsPerMinute));
}

/**
 * An article as the public page would show it with another text (a draft, a revision): the row's date, author and
 * flags with the text's title, body and pictures. The text's HTML is sanitised here, never through the served-HTML
 * memory, which is keyed by the row and holds only what the public reads.
 */
export function toPreviewArticle(row: ArticleRow, text: RevisionText, siteOrigin: string): Article {
  const content = sanitizeArticleHtml(text.content, siteOrigin);
  const live = toArticle(row, siteOrigin);
  const shortContent = text.description || htmlToText(content).slice(0, 200);
  return {
    ...live,
    slug: text.slug,
    title: text.title,
    strTitle: text.title,
    description: text.description,
    shortContent,
    content,
    strPost: content,
    readingMinutes: readingMinutes(content),
    cover: text.cover,
    // the size known is the live cover's; another cover's is not looked up for a preview.
    coverSize: text.cover === row.cover ? live.coverSize : null,
    images: parseTextList(text.images).map((image) => ({ image })),
    youtube: text.youtube,
  };
}
