/** What other features use of articles: its public surface (the server's boundary rule, eslint/server-feature-boundaries.js). */
export { findArticleById } from './repo.js';
export { publishState, toPreviewArticle } from './view.js';
export {
  articleDeps,
  articleFields,
  articleInputOf,
  createArticle,
  deleteArticle,
  nextRelease,
  patchArticle,
  publishChanges,
  releaseDueArticles,
  suggestSlug,
  updateArticle,
} from './service.js';
export type { ArticleDeps, SavedArticle } from './service.js';
