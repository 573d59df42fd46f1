/** What other features use of channels: its public surface (the server's boundary rule, eslint/server-feature-boundaries.js). */
export { listCategorisedChannels } from './repo.js';
