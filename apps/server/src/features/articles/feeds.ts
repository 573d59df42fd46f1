import { sectionLabels } from '@papo/contract/page-sections';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { sendDocument } from '../../lib/conditional.js';
import { escapeHtml } from '../../lib/html.js';
import { uploadUrl } from '../uploads/index.js';
import type { SitemapSource } from '../site/index.js';
import { listAuthorPages, listFeedArticles, listPublicSlugs } from './repo.js';
import { toArticle } from './view.js';

/** Items in each feed. */
const feedSize = 20;

export interface FeedOptions {
  /** The brand shown as the feed's title. */
  brand: () => Promise<string>;
  /** What the site is, in a sentence: each feed's description. */
  description: () => Promise<string>;
}

/** A feed: its section's articles, at the section's `rss.xml`. */
interface Feed {
  section: '/blog' | '/lyrics';
  lyrics: boolean;
  title: string;
}
const blogFeed: Feed = { section: '/blog', lyrics: false, title: sectionLabels.blog };
const lyricsFeed: Feed = { section: '/lyrics', lyrics: true, title: sectionLabels.lyrics };

const imageTypes: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};

/** Text inside CDATA: a `]]>` in it is split so it cannot end the section. */
function cdata(text: string): string {
  return `<![CDATA[${text.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}

/**
 * `/blog/rss.xml` and `/lyrics/rss.xml`: RSS 2.0 of the 20 newest published articles (lyrics), each with its summary,
 * its sanitised HTML (`content:encoded`) and its cover as an enclosure with its size in bytes; compressed, with an ETag.
 */
export const articleFeedRoutes: FastifyPluginAsync<FeedOptions> = async (app, opts) => {
  const origin = new URL(app.config.PUBLIC_URL).origin;

  // the size the uploads route answers for the cover (a HEAD through the app's router), whatever stores it.
  const coverLength = async (key: string): Promise<number | null> => {
    const head = await app.inject({ method: 'HEAD', url: uploadUrl(key) });
    const length = Number(head.headers['content-length']);
    return head.statusCode === 200 && length > 0 ? length : null;
  };

  const sendFeed = async (feed: Feed, request: FastifyRequest, reply: FastifyReply) => {
    const [rows, brand, description] = await Promise.all([
      listFeedArticles(app.db, { lyrics: feed.lyrics, limit: feedSize }),
      opts.brand(),
      opts.description(),
    ]);
    const items = await Promise.all(
      rows.map(async (row) => {
        const link = `${origin}${feed.section}/${row.slug}`;
        const date = new Date(row.published_at ?? row.created_at).toUTCString();
        const length = row.cover ? await coverLength(row.cover) : null;
        const type = row.cover ? imageTypes[row.cover.split('.').pop()?.toLowerCase() ?? ''] : undefined;
        const image =
          row.cover && length && type
            ? `\n      <enclosure url="${escapeHtml(origin + uploadUrl(row.cover))}" type="${type}" length="${length}" />`
            : '';
        return `    <item>
      <title>${escapeHtml(row.title)}</title>
      <link>${escapeHtml(link)}</link>
      <guid isPermaLink="true">${escapeHtml(link)}</guid>
      <pubDate>${date}</pubDate>
      <description>${escapeHtml(row.description || row.excerpt)}</description>
      <content:encoded>${cdata(toArticle(row, origin).content)}</content:encoded>${image}
    </item>`;
      }),
    );
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">
  <channel>
    <title>${escapeHtml(`${feed.title} - ${brand}`)}</title>
    <link>${origin}${feed.section}</link>
    <description>${escapeHtml(description)}</description>
    <language>pt-BR</language>
    <atom:link href="${origin}${feed.section}/rss.xml" rel="self" type="application/rss+xml" />
${items.join('\n')}
  </channel>
</rss>
`;
    return sendDocument(request, reply, xml, 'application/rss+xml; charset=utf-8');
  };
  app.get('/blog/rss.xml', (request, reply) => sendFeed(blogFeed, request, reply));
  app.get('/lyrics/rss.xml', (request, reply) => sendFeed(lyricsFeed, request, reply));
};

/** Every published article and lyric, and every author's page, for the sitemap. */
export function articleSitemap(db: Kysely<Database>): SitemapSource {
  return async () => {
    const [articles, authors] = await Promise.all([listPublicSlugs(db), listAuthorPages(db)]);
    return [
      ...articles.map((row) => ({
        path: `/${row.is_lyrics === 1 ? 'lyrics' : 'blog'}/${row.slug}`,
        modifiedAt: row.updated_at,
      })),
      ...authors.map((row) => ({ path: `/autor/${encodeURIComponent(row.username)}`, modifiedAt: row.updated_at })),
    ];
  };
}
