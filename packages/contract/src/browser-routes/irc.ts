// Written by `npm run routes:browser` from the contract's route table; do not edit (decision 051).
// The browser's form of irc.ts's routes: only their types come from it, so no zod at run time.
import type { BrowserRoutes } from '../api-route.js';
import type * as definitions from '../irc.js';

export const ircRoutes: BrowserRoutes<typeof definitions.ircRoutes> = {
  info: { method: 'GET', path: '/api/irc', auth: 'public' },
};
