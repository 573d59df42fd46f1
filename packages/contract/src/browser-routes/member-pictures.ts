// Written by `npm run routes:browser` from the contract's route table; do not edit (decision 051).
// The browser's form of member-pictures.ts's routes: only their types come from it, so no zod at run time.
import type { BrowserRoutes } from '../api-route.js';
import type * as definitions from '../member-pictures.js';

export const memberPictureRoutes: BrowserRoutes<typeof definitions.memberPictureRoutes> = {
  list: { method: 'GET', path: '/api/member-pictures', auth: 'member', query: ['ids'] },
};
