// Written by `npm run routes:browser` from the contract's route table; do not edit (decision 051).
// The browser's form of open-channels.ts's routes: only their types come from it, so no zod at run time.
import type { BrowserRoutes } from '../api-route.js';
import type * as definitions from '../open-channels.js';

export const openChannelRoutes: BrowserRoutes<typeof definitions.openChannelRoutes> = {
  list: { method: 'GET', path: '/api/open-channels', auth: 'member' },
  open: { method: 'PUT', path: '/api/open-channels/:name', auth: 'member' },
  close: { method: 'DELETE', path: '/api/open-channels/:name', auth: 'member' },
};
