import { slugPattern } from '@papo/contract/slug';
import { sectionLabels } from '@papo/contract/page-sections';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { readPageAnswer, type PreviewSource } from '../../lib/social-preview.js';
import type { SitemapSource } from '../site/index.js';
import { cardSize, type CardSource } from '../../lib/share-card.js';
import { findStore, listPublishedPaths } from './repo.js';

const storePath = /^\/(shop|courses)\/([^/]+)\/?$/;

/** What a preview reads of `GET /api/shop/{slug}` (contract's `StoreDetail`). */
const storeAnswer = z.object({
  slug: z.string(),
  name: z.string(),
  kind: z.enum(['shop', 'course']),
  category: z.object({ name: z.string() }).nullable(),
  description: z.string(),
});

/**
 * Social previews of `/shop/{slug}` and `/courses/{slug}`: name, description, the store's drawn card. Read from the
 * API answer the page shows, so a page not kept reads its store once.
 */
export function storePreviews(): PreviewSource {
  return async (pathname, _route, api) => {
    const match = storePath.exec(pathname);
    if (!match) return null;
    const [, section, slug = ''] = match;
    if (!slugPattern.test(slug)) return { found: false };
    // a name the store had before answers a redirect, not the page: features/redirects sends it to its address.
    const answer = storeAnswer.safeParse(await readPageAnswer(api, `/api/shop/${encodeURIComponent(slug)}`));
    const store = answer.success ? answer.data : undefined;
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
