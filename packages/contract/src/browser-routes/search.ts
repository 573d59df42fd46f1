// Written by `npm run routes:browser` from the contract's route table; do not edit (decision 051).
// The browser's form of search.ts's routes: only their types come from it, so no zod at run time.
import type { BrowserRoutes } from '../api-route.js';
import type * as definitions from '../search.js';

export const searchRoutes: BrowserRoutes<typeof definitions.searchRoutes> = {
  blog: { method: 'GET', path: '/api/search', auth: 'public', query: ['q', 'exact'] },
  lyrics: { method: 'GET', path: '/api/search_lyrics', auth: 'public', query: ['q', 'exact'] },
};
