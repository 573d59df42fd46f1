// Written by `npm run routes:browser` from the contract's route table; do not edit (decision 051).
// The browser's form of company.ts's routes: only their types come from it, so no zod at run time.
import type { BrowserRoutes } from '../api-route.js';
import type * as definitions from '../company.js';

export const companyRoutes: BrowserRoutes<typeof definitions.companyRoutes> = {
  get: { method: 'GET', path: '/api/company/:id', auth: 'public' },
};
