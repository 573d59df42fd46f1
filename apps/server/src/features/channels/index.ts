/** What other features use of channels: its public surface (the server's boundary rule, eslint/server-feature-boundaries.js). */
export { usersIn } from './directory-routes.js';
export { inPageOrder } from './order.js';
export { searchCategorisedChannels, searchOtherChannels } from './repo.js';
