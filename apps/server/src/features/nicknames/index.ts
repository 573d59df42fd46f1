/** What other features use of nicknames: its public surface (the server's boundary rule, eslint/server-feature-boundaries.js). */
export { findSelectedNickname, lockUser } from './repo.js';
