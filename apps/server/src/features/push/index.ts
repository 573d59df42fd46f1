/** What other features use of push: its public surface (the server's boundary rule, eslint/server-feature-boundaries.js). */
export type { NotificationAbout } from './payload.js';
export { forgetDevicesOfSessions } from './repo.js';
