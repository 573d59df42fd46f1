import type { FastifyPluginAsync } from 'fastify';
import { sendDocument } from '../../lib/conditional.js';
import { escapeHtml } from '../../lib/html.js';
import { publicPages, type SitemapSource } from './pages.js';

export interface SiteRoutesOptions {
  /** The features' public pages with slugs (articles, lyrics, shops, courses, videos, people, channels). */
  sitemapSources: readonly SitemapSource[];
  /** When the running release was built: the last change of the pages whose text is the release's own (legal, about). */
  releasedAt: Date;
}

/** The list page of each kind of page with a slug: it changes when one of them does. */
const listPageOf: [RegExp, string][] = [
  [/^\/blog\//, '/blog'],
  [/^\/lyrics\//, '/lyrics'],
  [/^\/shop\//, '/shop'],
  [/^\/courses\//, '/courses'],
  [/^\/video\//, '/videos'],
  [/^\/person\//, '/bio'],
  [/^\/autor\//, '/blog'],
  [/^\/[^/]+$/, '/channels'],
];

/**
 * Every sitemap entry with a last change: a page with a slug its own (or, unknown, the release's); a list page its
 * newest entry's; the home page the newest of all; any other page the release's.
 */
function withLastChanges(
  fixed: readonly string[],
  found: readonly { path: string; modifiedAt: string | null }[],
  releasedAt: Date,
) {
  const released = releasedAt.toISOString();
  const newest = new Map<string, string>();
  const later = (a: string | undefined, b: string) => (a !== undefined && a > b ? a : b);
  const pages = found.map((entry) => ({ path: entry.path, lastmod: w3cDate(entry.modifiedAt) ?? released }));
  for (const page of pages) {
    const list = listPageOf.find(([pattern]) => pattern.test(page.path))?.[1];
    if (list) newest.set(list, later(newest.get(list), page.lastmod));
    newest.set('/', later(newest.get('/'), page.lastmod));
  }
  return [...fixed.map((path) => ({ path, lastmod: newest.get(path) ?? released })), ...pages];
}

/** Member and staff areas: not worth indexing (public-site §2.3, members-area). Prefixes, as robots.txt matches them. */
const disallowed = [
  '/profile',
  '/mail',
  '/pvt/',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/editor',
  '/albums',
  '/albumAdd',
  '/albumEdit/',
  '/albumCover/',
  '/shopEdit/',
  '/bioEdit',
  '/courseAdd',
  '/newsPicker',
];

/** A stored time as the sitemap's W3C datetime (`2026-11-27T07:00:00.000Z`); SQLite's `YYYY-MM-DD HH:MM:SS` is UTC. */
function w3cDate(value: string | null): string | null {
  if (!value) return null;
  const time = new Date(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/.test(value) ? `${value.replace(' ', 'T')}Z` : value);
  return Number.isNaN(time.getTime()) ? null : time.toISOString();
}

/** `/robots.txt` and `/sitemap.xml`: what crawlers read. */
export const siteRoutes: FastifyPluginAsync<SiteRoutesOptions> = async (app, opts) => {
  const origin = new URL(app.config.PUBLIC_URL).origin;

  app.get('/robots.txt', async (_request, reply) => {
    const lines = [
      'User-agent: *',
      ...disallowed.map((path) => `Disallow: ${path}`),
      // the end anchor keeps /uploads/ (images of social previews) crawlable while /upload is not.
      'Disallow: /upload$',
      '',
      `Sitemap: ${origin}/sitemap.xml`,
    ];
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(`${lines.join('\n')}\n`);
  });

  app.get('/sitemap.xml', async (request, reply) => {
    const found = (await Promise.all(opts.sitemapSources.map((source) => source()))).flat();
    const urls = withLastChanges(publicPages, found, opts.releasedAt).map(
      (e) => `  <url><loc>${escapeHtml(new URL(e.path, origin).toString())}</loc><lastmod>${e.lastmod}</lastmod></url>`,
    );
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
    return sendDocument(request, reply, xml, 'application/xml; charset=utf-8');
  });
};
