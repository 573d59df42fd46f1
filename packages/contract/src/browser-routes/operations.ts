// Written by `npm run routes:browser` from the contract's route table; do not edit (decision 051).
// The browser's form of operations.ts's routes: only their types come from it, so no zod at run time.
import type { BrowserRoutes } from '../api-route.js';
import type * as definitions from '../operations.js';

export const operationsRoutes: BrowserRoutes<typeof definitions.operationsRoutes> = {
  status: { method: 'GET', path: '/api/operations', auth: 'admin' },
};
