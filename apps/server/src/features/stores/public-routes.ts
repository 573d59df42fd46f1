import { publicStoreRoutes as routes, storeLimits, type StoreKind } from '@papo/contract/stores';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/api-route.js';
import { listPublished } from './repo.js';
import { drawAds, publicStore } from './service.js';

/** The public reads of shops and course stores: published stores only (an unpublished one is 404). */
export const publicStoreRoutes: FastifyPluginAsync = async (app) => {
  const publicList = async (kind: StoreKind, page: number, limit: number) => {
    const { items, hasMore } = await listPublished(app.db, kind, page, limit);
    return { items, page, hasMore };
  };
  serve(app, routes.shops, ({ query: { page, limit } }) => publicList('shop', page, limit));
  serve(app, routes.courses, ({ query: { page, limit } }) => publicList('course', page, limit));

  serve(app, routes.latest, async () => {
    const { items } = await listPublished(app.db, 'shop', 1, storeLimits.latest);
    return { items, page: 1, hasMore: false };
  });

  serve(app, routes.store, async ({ params, reply }) => {
    const store = await publicStore(app.db, params.slug);
    // A name the store had before: 301 to its address of today (decision 024).
    if ('movedTo' in store) return reply.redirect(`/api/shop/${store.movedTo}`, 301);
    return store;
  });

  serve(app, routes.ads, () => drawAds(app.db));
};
