// Written by `npm run routes:browser` from the contract's route table; do not edit (decision 051).
// The browser's form of article-schemas.ts's routes: only their types come from it, so no zod at run time.
import type { BrowserRoutes } from '../api-route.js';
import type * as definitions from '../article-schemas.js';

export const articleRoutes: BrowserRoutes<typeof definitions.articleRoutes> = {
  list: { method: 'GET', path: '/api/articles', auth: 'public', query: ['page', 'limit', 'category'] },
  article: { method: 'GET', path: '/api/article/:slug', auth: 'public' },
  related: { method: 'GET', path: '/api/article/:slug/related', auth: 'public' },
  author: { method: 'GET', path: '/api/authors/:username', auth: 'public' },
  latest: { method: 'GET', path: '/api/articleLast', auth: 'public' },
  categories: { method: 'GET', path: '/api/article-categories', auth: 'public' },
  lyrics: { method: 'GET', path: '/api/lyrics', auth: 'public', query: ['page', 'limit'] },
  lyric: { method: 'GET', path: '/api/lyrics/:slug', auth: 'public' },
};
