/** What other features use of notifications: its public surface (the server's boundary rule, eslint/server-feature-boundaries.js). */
export { notify } from './service.js';
