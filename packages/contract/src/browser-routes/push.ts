// Written by `npm run routes:browser` from the contract's route table; do not edit (decision 051).
// The browser's form of push.ts's routes: only their types come from it, so no zod at run time.
import type { BrowserRoutes } from '../api-route.js';
import type * as definitions from '../push.js';

export const pushRoutes: BrowserRoutes<typeof definitions.pushRoutes> = {
  key: { method: 'GET', path: '/api/push/key', auth: 'public' },
  subscribe: { method: 'POST', path: '/api/push/subscriptions', auth: 'member', body: 'json' },
  unsubscribe: { method: 'DELETE', path: '/api/push/subscriptions', auth: 'member', body: 'json' },
};
