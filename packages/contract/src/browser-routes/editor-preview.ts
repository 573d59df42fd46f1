// Written by `npm run routes:browser` from the contract's route table; do not edit (decision 051).
// The browser's form of editor-preview.ts's routes: only their types come from it, so no zod at run time.
import type { BrowserRoutes } from '../api-route.js';
import type * as definitions from '../editor-preview.js';

export const articlePreviewRoutes: BrowserRoutes<typeof definitions.articlePreviewRoutes> = {
  preview: { method: 'GET', path: '/api/editor/articles/:id/preview', auth: 'staff', query: ['revision'] },
  createLink: { method: 'POST', path: '/api/editor/articles/:id/preview-links', auth: 'staff' },
  links: { method: 'GET', path: '/api/editor/articles/:id/preview-links', auth: 'staff' },
  revokeLink: { method: 'DELETE', path: '/api/editor/articles/:id/preview-links/:link', auth: 'staff' },
  byToken: { method: 'GET', path: '/api/preview/:token', auth: 'public' },
};
