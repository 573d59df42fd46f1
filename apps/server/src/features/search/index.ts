/** What other features use of search: its public surface (the server's boundary rule, eslint/server-feature-boundaries.js). */
export { indexDocument, removeDocument } from './documents.js';
export { foldAccents, snippetOf, tokenize } from './text.js';
export { fullTextIndex, rankedMatches } from './engine.js';
