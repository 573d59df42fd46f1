/** What other features use of uploads: its public surface (the server's boundary rule, eslint/server-feature-boundaries.js). */
export { recordUpload } from './repo.js';
