/** What other features use of contact: its public surface (the server's boundary rule, eslint/server-feature-boundaries.js). */
export { hashIp } from './service.js';
