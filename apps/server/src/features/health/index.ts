/** What other features use of health: its public surface (the server's boundary rule, eslint/server-feature-boundaries.js). */
export { checkReadiness } from './readiness.js';
