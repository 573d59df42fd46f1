/*
 * Imports the server's boundary rule (server-feature-boundaries.js) lets through, each by name, with why. Empty: every
 * feature imports another only through its index.ts. Add an entry only with a comment that says why it must stay.
 */
export const serverBoundaryAllow = {};
