import { usernamePattern } from '@papo/contract/auth-limits';
import type { FastifyInstance } from 'fastify';
import { htmlToText } from '../../lib/html.js';
import { cardSize, type CardSource } from '../../lib/share-card.js';
import { uploadUrl } from '../uploads/index.js';
import type { PagePreview, PreviewSource } from '../../lib/social-preview.js';
import { findAuthorWithArticles, findPublishedBySlug, type ArticleRow } from './repo.js';

const articlePath = /^\/(blog|lyrics)\/([^/]+)\/?$/;
const slugShape = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function previewOf(row: ArticleRow, path: string): PagePreview {
  return {
    title: row.title,
    description: row.description || row.excerpt,
    path,
    // NOTE: a lyric without a cover is shared with a card of its own (features/media/share-cards.ts).
    image: row.cover ? uploadUrl(row.cover) : row.is_lyrics ? `/media/share/lyrics/${row.slug}.png` : null,
    imageSize: row.cover
      ? row.cover_width !== null && row.cover_height !== null
        ? { width: row.cover_width, height: row.cover_height }
        : null
      : row.is_lyrics
        ? cardSize
        : null,
    type: 'article',
    publishedAt: row.published_at,
    modifiedAt: row.updated_at,
    authorName: row.author_name,
  };
}

/** Social previews of `/blog/{slug}` and `/lyrics/{slug}`; an unknown or unpublished slug is a 404 page. */
export function articlePreviews(app: FastifyInstance): PreviewSource {
  return async (pathname) => {
    const match = articlePath.exec(pathname);
    if (!match) return null;
    const [, section, slug = ''] = match;
    if (!slugShape.test(slug)) return { found: false };
    // NOTE: a lyric asked by its id (`/lyrics/12`) or under the blog is not a page of its own: the page server sends
    // it to its one address (features/redirects).
    const row = await findPublishedBySlug(app.db, slug, { lyrics: section === 'lyrics' });
    return row ? { found: true, preview: previewOf(row, `/${section}/${row.slug}`) } : { found: false };
  };
}

const authorPath = /^\/autor\/([^/]+)\/?$/;

/** Previews of `/autor/{username}`: an author with published articles; anyone else's address is the 404 page. */
export function authorPreviews(app: FastifyInstance): PreviewSource {
  return async (pathname) => {
    const match = authorPath.exec(pathname);
    if (!match) return null;
    const username = match[1] ?? '';
    const found = usernamePattern.test(username) ? await findAuthorWithArticles(app.db, username) : undefined;
    if (!found) return { found: false };
    const { author, rows } = found;
    return {
      found: true,
      preview: {
        title: author.name,
        description:
          author.welcome ||
          rows
            .map((row) => row.title)
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
    return row ? { label: 'Letras', title: row.title, lines: firstLines(row.content, 4), tinted: true } : null;
  };
}
