// Written by `npm run routes:browser` from the contract's route table; do not edit (decision 051).
// The browser's form of stores-staff.ts's routes: only their types come from it, so no zod at run time.
import type { BrowserRoutes } from '../api-route.js';
import type * as definitions from '../stores-staff.js';

export const staffStoreRoutes: BrowserRoutes<typeof definitions.staffStoreRoutes> = {
  categories: { method: 'GET', path: '/api/album-categories', auth: 'staff' },
  list: { method: 'GET', path: '/api/albums', auth: 'staff', query: ['page', 'limit'] },
  album: { method: 'GET', path: '/api/album/:id', auth: 'staff' },
  albumInfo: { method: 'GET', path: '/api/albumInfo/:id', auth: 'staff' },
  revisions: { method: 'GET', path: '/api/album/:id/revisions', auth: 'staff' },
  revision: { method: 'GET', path: '/api/album/:id/revisions/:revision', auth: 'staff' },
  restore: { method: 'POST', path: '/api/album/:id/revisions/:revision/restore', auth: 'staff' },
  publishChanges: { method: 'POST', path: '/api/album/:id/publish-changes', auth: 'staff' },
  discardChanges: { method: 'DELETE', path: '/api/album/:id/changes', auth: 'staff' },
  addAlbum: { method: 'POST', path: '/api/album/add', auth: 'staff', body: 'json' },
  addCourseStore: { method: 'POST', path: '/api/courseStore/add', auth: 'staff', body: 'json' },
  edit: { method: 'PUT', path: '/api/album_edit/:id', auth: 'staff', body: 'json' },
  publishState: { method: 'POST', path: '/api/save-publish-state', auth: 'staff', body: 'json' },
  picture: { method: 'POST', path: '/api/upload-album-picture', auth: 'staff', body: 'multipart' },
  affiliateLink: { method: 'POST', path: '/api/save-affiliate-link', auth: 'staff', body: 'multipart' },
  deleteItem: { method: 'POST', path: '/api/delete-item', auth: 'staff', body: 'json' },
  cover: { method: 'POST', path: '/api/uploadAlbumCover', auth: 'staff', body: 'multipart' },
  suggestDescription: { method: 'POST', path: '/api/album/:id/suggestStoreDescription', auth: 'staff' },
};
