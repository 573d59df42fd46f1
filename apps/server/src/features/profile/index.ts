/** What other features use of profile: its public surface (the server's boundary rule, eslint/server-feature-boundaries.js). */
export { profileReads } from './profile-cache.js';
