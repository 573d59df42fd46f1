// Written by `npm run routes:browser` from the contract's route table; do not edit (decision 051).
// The browser's form of account.ts's routes: only their types come from it, so no zod at run time.
import type { BrowserRoutes } from '../api-route.js';
import type * as definitions from '../account.js';

export const accountRoutes: BrowserRoutes<typeof definitions.accountRoutes> = {
  changePassword: { method: 'PUT', path: '/api/account/password', auth: 'member', body: 'json' },
  sessions: { method: 'GET', path: '/api/account/sessions', auth: 'member' },
  endSession: { method: 'DELETE', path: '/api/account/sessions/:id', auth: 'member' },
  endOtherSessions: { method: 'DELETE', path: '/api/account/sessions', auth: 'member' },
  requestExport: { method: 'POST', path: '/api/account/export', auth: 'member' },
  exportFile: { method: 'GET', path: '/api/account/export', auth: 'member' },
  deleteAccount: { method: 'DELETE', path: '/api/account', auth: 'member', body: 'json' },
};
