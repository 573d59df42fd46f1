/** What other features use of users: its public surface (the server's boundary rule, eslint/server-feature-boundaries.js). */
export { favoriteNamesOf } from './favorites.js';
export { findMember, findMemberByName, type Member } from './member-repo.js';
export { memberReadCache } from './member-reads.js';
export { findTakenKeys, insertUser } from './repo.js';
