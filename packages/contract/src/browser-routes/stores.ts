// Written by `npm run routes:browser` from the contract's route table; do not edit (decision 051).
// The browser's form of stores.ts's routes: only their types come from it, so no zod at run time.
import type { BrowserRoutes } from '../api-route.js';
import type * as definitions from '../stores.js';

export const publicStoreRoutes: BrowserRoutes<typeof definitions.publicStoreRoutes> = {
  shops: { method: 'GET', path: '/api/stores', auth: 'public', query: ['page', 'limit'] },
  courses: { method: 'GET', path: '/api/courses', auth: 'public', query: ['page', 'limit'] },
  latest: { method: 'GET', path: '/api/latestStores', auth: 'public' },
  store: { method: 'GET', path: '/api/shop/:slug', auth: 'public' },
  ads: { method: 'GET', path: '/api/ads', auth: 'public' },
};
