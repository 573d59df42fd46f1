// Written by `npm run routes:browser` from the contract's route table; do not edit (decision 051).
// The browser's form of editor.ts's routes: only their types come from it, so no zod at run time.
import type { BrowserRoutes } from '../api-route.js';
import type * as definitions from '../editor.js';

export const imageLibraryRoutes: BrowserRoutes<typeof definitions.imageLibraryRoutes> = {
  importImage: { method: 'POST', path: '/api/editor/library/import', auth: 'staff', body: 'json' },
  uses: { method: 'GET', path: '/api/uploads/:folder/:file/uses', auth: 'staff' },
  remove: { method: 'DELETE', path: '/api/uploads/:folder/:file', auth: 'staff' },
};

export const uploadRoutes: BrowserRoutes<typeof definitions.uploadRoutes> = {
  upload: { method: 'POST', path: '/api/uploadImage', auth: 'staff', body: 'multipart' },
  list: { method: 'GET', path: '/api/uploads', auth: 'staff', query: ['page'] },
};
