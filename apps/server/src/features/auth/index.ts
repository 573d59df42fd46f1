/** What other features use of auth: its public surface (the server's boundary rule, eslint/server-feature-boundaries.js). */
export { checkCredentials } from './login.js';
export { loginRateLimit } from './session-routes.js';
