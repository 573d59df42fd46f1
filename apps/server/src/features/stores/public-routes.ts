import {
  storeLimits,
  storePageQuery,
  storeSlugParams,
  type Ads,
  type StoreDetail,
  type StoreKind,
  type StorePage,
} from '@papo/contract/stores';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { parseParams, parseQuery } from '../../lib/http-error.js';
import { listPublished } from './repo.js';
import { drawAds, publicStore } from './service.js';

/** The public reads of shops and course stores: published stores only (an unpublished one is 404). */
export const publicStoreRoutes: FastifyPluginAsync = async (app) => {
  const publicList =
    (kind: StoreKind) =>
    async (request: FastifyRequest): Promise<StorePage> => {
      const { page, limit } = parseQuery(storePageQuery, request.query);
      const { items, hasMore } = await listPublished(app.db, kind, page, limit);
      return { items, page, hasMore };
    };
  app.get('/api/stores', publicList('shop'));
  app.get('/api/courses', publicList('course'));

  app.get('/api/latestStores', async (): Promise<StorePage> => {
    const { items } = await listPublished(app.db, 'shop', 1, storeLimits.latest);
    return { items, page: 1, hasMore: false };
  });

  app.get('/api/shop/:slug', async (request, reply): Promise<StoreDetail | FastifyReply> => {
    const store = await publicStore(app.db, parseParams(storeSlugParams, request.params).slug);
    // A name the store had before: 301 to its address of today (decision 024).
    if ('movedTo' in store) return reply.redirect(`/api/shop/${store.movedTo}`, 301);
    return store;
  });

  app.get('/api/ads', async (): Promise<Ads> => drawAds(app.db));
};
