// Written by `npm run routes:browser` from the contract's route table; do not edit (decision 051).
// The browser's form of editor-articles.ts's routes: only their types come from it, so no zod at run time.
import type { BrowserRoutes } from '../api-route.js';
import type * as definitions from '../editor-articles.js';

export const articleCoverRoutes: BrowserRoutes<typeof definitions.articleCoverRoutes> = {
  pick: { method: 'PUT', path: '/api/editor_edit_cover/:id', auth: 'staff', body: 'json' },
  upload: { method: 'POST', path: '/api/uploadArticleCover', auth: 'staff', body: 'multipart' },
};

export const articleRevisionRoutes: BrowserRoutes<typeof definitions.articleRevisionRoutes> = {
  list: { method: 'GET', path: '/api/editor/articles/:id/revisions', auth: 'staff' },
  read: { method: 'GET', path: '/api/editor/articles/:id/revisions/:revision', auth: 'staff' },
  restore: { method: 'POST', path: '/api/editor/articles/:id/revisions/:revision/restore', auth: 'staff' },
};

export const editorArticleRoutes: BrowserRoutes<typeof definitions.editorArticleRoutes> = {
  create: { method: 'POST', path: '/api/editor/articles', auth: 'staff', body: 'json' },
  save: { method: 'PUT', path: '/api/editor/articles/:id', auth: 'staff', body: 'json', query: ['autosave'] },
  publish: { method: 'POST', path: '/api/editor/articles/:id/publish', auth: 'staff' },
  remove: { method: 'DELETE', path: '/api/editor/articles/:id', auth: 'staff' },
  read: { method: 'GET', path: '/api/articles/:id', auth: 'staff' },
  list: { method: 'GET', path: '/api/editor_latest', auth: 'staff', query: ['lyrics', 'page', 'q', 'status'] },
  categoryStep: { method: 'PUT', path: '/api/editor_edit2/:id', auth: 'staff', body: 'form' },
};
