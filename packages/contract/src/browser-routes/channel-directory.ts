// Written by `npm run routes:browser` from the contract's route table; do not edit (decision 051).
// The browser's form of channel-directory.ts's routes: only their types come from it, so no zod at run time.
import type { BrowserRoutes } from '../api-route.js';
import type * as definitions from '../channel-directory.js';

export const channelDirectoryRoutes: BrowserRoutes<typeof definitions.channelDirectoryRoutes> = {
  search: { method: 'GET', path: '/api/channel-directory', auth: 'public', query: ['after', 'limit', 'q'] },
};
