/** What other features use of site: its public surface (the server's boundary rule, eslint/server-feature-boundaries.js). */
export type { SitemapSource } from './pages.js';
