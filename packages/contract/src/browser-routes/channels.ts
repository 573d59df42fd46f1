// Written by `npm run routes:browser` from the contract's route table; do not edit (decision 051).
// The browser's form of channels.ts's routes: only their types come from it, so no zod at run time.
import type { BrowserRoutes } from '../api-route.js';
import type * as definitions from '../channels.js';

export const channelRoutes: BrowserRoutes<typeof definitions.channelRoutes> = {
  list: { method: 'GET', path: '/api/channels', auth: 'public', query: ['after', 'limit'] },
  one: { method: 'GET', path: '/api/channels/:name', auth: 'public' },
};
