// Written by `npm run routes:browser` from the contract's route table; do not edit (decision 051).
// The browser's form of home.ts's routes: only their types come from it, so no zod at run time.
import type { BrowserRoutes } from '../api-route.js';
import type * as definitions from '../home.js';

export const homeRoutes: BrowserRoutes<typeof definitions.homeRoutes> = {
  news: { method: 'GET', path: '/api/news', auth: 'optional', query: ['lang'] },
  newsPicker: { method: 'GET', path: '/api/newsPicker', auth: 'staff', query: ['source', 'query'] },
  homeNews: { method: 'GET', path: '/api/homeNews', auth: 'staff', query: ['lang'] },
  saveHomeNews: { method: 'PUT', path: '/api/homeNews', auth: 'staff', body: 'json' },
  survey: { method: 'GET', path: '/api/survey', auth: 'optional' },
  vote: { method: 'POST', path: '/api/survey/vote', auth: 'optional', body: 'json' },
  latestUsers: { method: 'GET', path: '/api/latestUsers', auth: 'public' },
};
