/** What other features use of revisions: its public surface (the server's boundary rule, eslint/server-feature-boundaries.js). */
export { conflict, ifMatchHolds } from './if-match.js';
