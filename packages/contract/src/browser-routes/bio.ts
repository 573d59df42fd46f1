// Written by `npm run routes:browser` from the contract's route table; do not edit (decision 051).
// The browser's form of bio.ts's routes: only their types come from it, so no zod at run time.
import type { BrowserRoutes } from '../api-route.js';
import type * as definitions from '../bio.js';

export const publicBioRoutes: BrowserRoutes<typeof definitions.publicBioRoutes> = {
  page: { method: 'GET', path: '/api/pages/bio', auth: 'public', query: ['center', 'tag'] },
  search: { method: 'GET', path: '/api/searchBioInput', auth: 'public', query: ['q'] },
  tag: { method: 'GET', path: '/api/searchBio', auth: 'public', query: ['name'] },
  person: { method: 'GET', path: '/api/person/:id', auth: 'public' },
};

export const staffBioRoutes: BrowserRoutes<typeof definitions.staffBioRoutes> = {
  list: { method: 'GET', path: '/api/bio', auth: 'staff', query: ['filter'] },
  entry: { method: 'GET', path: '/api/bio/:id', auth: 'staff' },
  revisions: { method: 'GET', path: '/api/bio/:id/revisions', auth: 'staff' },
  revision: { method: 'GET', path: '/api/bio/:id/revisions/:revision', auth: 'staff' },
  restore: { method: 'POST', path: '/api/bio/:id/revisions/:revision/restore', auth: 'staff' },
  create: { method: 'POST', path: '/api/bio', auth: 'staff', body: 'json' },
  update: { method: 'PUT', path: '/api/bio/:id', auth: 'staff', body: 'json' },
  remove: { method: 'DELETE', path: '/api/bio/:id', auth: 'staff' },
  cover: { method: 'POST', path: '/api/uploadBioCover', auth: 'staff', body: 'multipart' },
};
