// Written by `npm run routes:browser` from the contract's route table; do not edit (decision 051).
// The browser's form of notifications.ts's routes: only their types come from it, so no zod at run time.
import type { BrowserRoutes } from '../api-route.js';
import type * as definitions from '../notifications.js';

export const notificationRoutes: BrowserRoutes<typeof definitions.notificationRoutes> = {
  list: { method: 'GET', path: '/api/notifications', auth: 'member', query: ['before'] },
  markRead: { method: 'POST', path: '/api/notifications/:id/mark-as-read', auth: 'member' },
  markAllRead: { method: 'POST', path: '/api/notifications/mark-all-read', auth: 'member' },
};
