import { slugPattern } from '@papo/contract/slug';
import { sectionLabels } from '@papo/contract/page-sections';
import type { FastifyInstance } from 'fastify';
import type { PreviewSource } from '../../lib/social-preview.js';
import type { SitemapSource } from '../site/index.js';
import { cardSize, type CardSource } from '../../lib/share-card.js';
import { findStore, listPublishedPaths } from './repo.js';

const storePath = /^\/(shop|courses)\/([^/]+)\/?$/;

/** Social previews of `/shop/{slug}` and `/courses/{slug}`: name, description, the store's drawn card. */
export function storePreviews(app: FastifyInstance): PreviewSource {
  return async (pathname) => {
    const match = storePath.exec(pathname);
    if (!match) return null;
    const [, section, slug = ''] = match;
    if (!slugPattern.test(slug)) return { found: false };
    const store = await findStore(app.db, { slug, publishedOnly: true });
    // a store's page is under its kind's section only; the other section's address is sent there
    // (features/redirects), never answered as a second page.
    if (!store || (store.kind === 'course') !== (section === 'courses')) return { found: false };
    return {
      found: true,
      preview: {
        title: store.name,
        description: store.description || [store.name, store.category?.name].filter(Boolean).join(' · '),
        path: `/${section}/${store.slug}`,
        // its drawn card, not a product's square picture, which messengers crop under the large card.
        image: `/media/share/stores/${store.slug}.png`,
        imageSize: cardSize,
        type: 'website',
      },
    };
  };
}

/** Every published shop and course store, for the sitemap, with its last change (its creation until one). */
export function storeSitemap(app: FastifyInstance): SitemapSource {
  return async () => {
    const rows = await listPublishedPaths(app.db);
    return rows.map((row) => ({
      path: `/${row.kind === 'course' ? 'courses' : 'shop'}/${row.slug}`,
      modifiedAt: row.updated_at ?? row.created_at,
    }));
  };
}

/** The card of a shop or a course store: its section and category, its name and description. */
export function storeCards(app: FastifyInstance): CardSource {
  return async (slug) => {
    if (!slugPattern.test(slug)) return null;
    const store = await findStore(app.db, { slug, publishedOnly: true });
    if (!store) return null;
    const label = [store.kind === 'course' ? sectionLabels.courses : sectionLabels.shop, store.category?.name]
      .filter(Boolean)
      .join(' · ');
    return { label, title: store.name, lines: store.description ? [store.description] : [], tinted: true };
  };
}
