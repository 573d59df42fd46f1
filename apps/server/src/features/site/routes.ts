import type { FastifyPluginAsync } from 'fastify';
import { escapeHtml } from '../../lib/html.js';
import { publicPages, type SitemapSource } from './pages.js';

export interface SiteRoutesOptions {
  /** The features' public pages with slugs (articles, lyrics; later shops, courses, videos). */
  sitemapSources: readonly SitemapSource[];
}

/** Member and staff areas: not worth indexing (public-site §2.3, members-area). Prefixes, as robots.txt matches them. */
const disallowed = [
  '/profile', '/mail', '/pvt/', '/login', '/register', '/forgot-password', '/reset-password', '/editor', '/albums', '/albumAdd', '/albumEdit/',
  '/albumCover/', '/shopEdit/', '/bioEdit', '/courseAdd', '/newsPicker',
];

/** `/robots.txt` and `/sitemap.xml`: what crawlers read. */
export const siteRoutes: FastifyPluginAsync<SiteRoutesOptions> = async (app, opts) => {
  const origin = new URL(app.config.PUBLIC_URL).origin;

  app.get('/robots.txt', async (_request, reply) => {
    const lines = [
      'User-agent: *',
      ...disallowed.map((path) => `Disallow: ${path}`),
      // NOTE: the end anchor keeps /uploads/ (images of social previews) crawlable while /upload is not.
      'Disallow: /upload$',
      '',
      `Sitemap: ${origin}/sitemap.xml`,
    ];
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(`${lines.join('\n')}\n`);
  });

  app.get('/sitemap.xml', async (_request, reply) => {
    const entries = [...publicPages.map((path) => ({ path, modifiedAt: null as string | null }))];
    for (const source of opts.sitemapSources) entries.push(...(await source()));
    const urls = entries.map(
      (e) => `  <url><loc>${escapeHtml(new URL(e.path, origin).toString())}</loc>${e.modifiedAt ? `<lastmod>${e.modifiedAt}</lastmod>` : ''}</url>`,
    );
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600').send(xml);
  });

};
