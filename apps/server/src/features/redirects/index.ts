/** What other features use of redirects: its public surface (the server's boundary rule, eslint/server-feature-boundaries.js). */
export { claimSlug, movedArticle, movedStore, recordSlugChange } from './slug-redirects.js';
