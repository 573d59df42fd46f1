// Written by `npm run routes:browser` from the contract's route table; do not edit (decision 051).
// The browser's form of channel-bans.ts's routes: only their types come from it, so no zod at run time.
import type { BrowserRoutes } from '../api-route.js';
import type * as definitions from '../channel-bans.js';

export const channelBanRoutes: BrowserRoutes<typeof definitions.channelBanRoutes> = {
  list: { method: 'GET', path: '/api/channel-bans', auth: 'member', query: ['channel'] },
};
