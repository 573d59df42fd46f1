import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { escapeHtml } from '../../lib/html.js';
import { uploadUrl } from '../../lib/uploads.js';
import type { SitemapSource } from '../site/pages.js';
import { listPublishedArticles, listPublicSlugs } from './repo.js';

/** Items in the blog feed. */
const feedSize = 20;

export interface FeedOptions {
  /** The brand shown as the feed's title. */
  brand: () => Promise<string>;
}

/** `/blog/rss.xml`: RSS 2.0 of the 20 newest published articles. */
export const articleFeedRoutes: FastifyPluginAsync<FeedOptions> = async (app, opts) => {
  const origin = new URL(app.config.PUBLIC_URL).origin;
  app.get('/blog/rss.xml', async (_request, reply) => {
    const [{ rows }, brand] = await Promise.all([listPublishedArticles(app.db, { offset: 0, limit: feedSize }), opts.brand()]);
    const items = rows.map((row) => {
      const link = `${origin}/blog/${row.slug}`;
      const date = new Date(row.published_at ?? row.created_at).toUTCString();
      const image = row.cover ? `\n      <enclosure url="${escapeHtml(origin + uploadUrl(row.cover))}" type="image/${row.cover.endsWith('.jpg') ? 'jpeg' : row.cover.split('.').pop()}" length="0" />` : '';
      return `    <item>
      <title>${escapeHtml(row.title)}</title>
      <link>${escapeHtml(link)}</link>
      <guid isPermaLink="true">${escapeHtml(link)}</guid>
      <pubDate>${date}</pubDate>
      <description>${escapeHtml(row.description || row.excerpt)}</description>${image}
    </item>`;
    });
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escapeHtml(`Blog - ${brand}`)}</title>
    <link>${origin}/blog</link>
    <description>${escapeHtml(brand)}</description>
    <language>pt-BR</language>
    <atom:link href="${origin}/blog/rss.xml" rel="self" type="application/rss+xml" />
${items.join('\n')}
  </channel>
</rss>
`;
    return reply.type('application/rss+xml; charset=utf-8').header('cache-control', 'public, max-age=600').send(xml);
  });
};

/** Every published article and lyric, for the sitemap. */
export function articleSitemap(db: Kysely<Database>): SitemapSource {
  return async () =>
    (await listPublicSlugs(db)).map((row) => ({
      path: `/${row.is_lyrics === 1 ? 'lyrics' : 'blog'}/${row.slug}`,
      modifiedAt: row.updated_at,
    }));
}
