/** What the app uses of operations: its routes (the server's boundary rule, eslint/server-feature-boundaries.js). */
export { operationsRoutes } from './routes.js';
