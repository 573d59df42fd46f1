/** What other features use of chat: its public surface (the server's boundary rule, eslint/server-feature-boundaries.js). */
export { findChannel } from './channel-repo.js';
export { favoriteNamesOf } from './favorite-repo.js';
