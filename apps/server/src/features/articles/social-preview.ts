import { usernamePattern } from '@papo/contract/auth-limits';
import { sectionLabels } from '@papo/contract/page-sections';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { htmlToText } from '../../lib/html.js';
import { cardSize, type CardSource } from '../../lib/share-card.js';
import { uploadUrl } from '../uploads/index.js';
import { readPageAnswer, type PagePreview, type PreviewSource } from '../../lib/social-preview.js';
import { findPublishedBySlug } from './repo.js';

const articlePath = /^\/(blog|lyrics)\/([^/]+)\/?$/;
const slugShape = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** What a preview reads of `GET /api/article/{slug}` and `GET /api/lyrics/{slug}` (contract's `Article`). */
const articleAnswer = z.object({
  slug: z.string(),
  title: z.string(),
  shortContent: z.string(),
  cover: z.string().nullable(),
  coverSize: z.object({ width: z.number(), height: z.number() }).nullable(),
  isLyrics: z.boolean(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
  authorName: z.string().nullable(),
});

function previewOf(article: z.infer<typeof articleAnswer>, path: string): PagePreview {
  return {
    title: article.title,
    description: article.shortContent,
    path,
    // a lyric without a cover is shared with a card of its own (features/media/share-cards.ts).
    image: article.cover
      ? uploadUrl(article.cover)
      : article.isLyrics
        ? `/media/share/lyrics/${article.slug}.png`
        : null,
    imageSize: article.cover ? article.coverSize : article.isLyrics ? cardSize : null,
    type: 'article',
    publishedAt: article.publishedAt,
    modifiedAt: article.updatedAt,
    authorName: article.authorName,
  };
}

/**
 * Social previews of `/blog/{slug}` and `/lyrics/{slug}`; an unknown or unpublished slug is a 404 page. Read from the
 * API answer the page shows (kept in memory against `article_version`), so a page not kept reads its article once.
 */
export function articlePreviews(): PreviewSource {
  return async (pathname, _route, api) => {
    const match = articlePath.exec(pathname);
    if (!match) return null;
    const [, section, slug = ''] = match;
    if (!slugShape.test(slug)) return { found: false };
    const lyrics = section === 'lyrics';
    const answer = articleAnswer.safeParse(await readPageAnswer(api, `/api/${lyrics ? 'lyrics' : 'article'}/${slug}`));
    // a lyric asked by its id (`/lyrics/12`) or under the blog is not a page of its own: the page server sends
    // it to its one address (features/redirects).
    if (!answer.success || answer.data.slug !== slug || answer.data.isLyrics !== lyrics) return { found: false };
    return { found: true, preview: previewOf(answer.data, `/${section}/${slug}`) };
  };
}

const authorPath = /^\/autor\/([^/]+)\/?$/;

/** What a preview reads of `GET /api/authors/{username}` (contract's `AuthorPage`). */
const authorAnswer = z.object({
  name: z.string(),
  username: z.string(),
  image: z.string().nullable(),
  welcome: z.string().nullable(),
  articles: z.array(z.object({ title: z.string() })),
});

/**
 * Previews of `/autor/{username}`: an author with published articles; anyone else's address is the 404 page. Read
 * from the API answer the page shows, as articles' are.
 */
export function authorPreviews(): PreviewSource {
  return async (pathname, _route, api) => {
    const match = authorPath.exec(pathname);
    if (!match) return null;
    const username = match[1] ?? '';
    if (!usernamePattern.test(username)) return { found: false };
    const answer = authorAnswer.safeParse(await readPageAnswer(api, `/api/authors/${username}`));
    if (!answer.success) return { found: false };
    const author = answer.data;
    return {
      found: true,
      preview: {
        title: author.name,
        description:
          author.welcome ||
          author.articles
            .map((article) => article.title)
            .slice(0, 3)
            .join(' · '),
        path: `/autor/${encodeURIComponent(author.username)}`,
        image: author.image ? uploadUrl(author.image) : null,
        type: 'website',
      },
    };
  };
}

/** A song's first lines, each whole, from its HTML (one line per paragraph or line break). */
function firstLines(html: string, count: number): string[] {
  return html
    .split(/<\/(?:p|h[1-6]|li|div|blockquote)>|<br\s*\/?>/i)
    .map((part) => htmlToText(part))
    .filter(Boolean)
    .slice(0, count);
}

/** The card of `/lyrics/{slug}`: its title and first lines. */
export function lyricCards(app: FastifyInstance): CardSource {
  return async (slug) => {
    if (!slugShape.test(slug)) return null;
    const row = await findPublishedBySlug(app.db, slug, { lyrics: true });
    return row
      ? { label: sectionLabels.lyrics, title: row.title, lines: firstLines(row.content, 4), tinted: true }
      : null;
  };
}
