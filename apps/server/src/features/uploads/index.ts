/** What other features use of uploads: its public surface (the server's boundary rule, eslint/server-feature-boundaries.js). */
export { isInLibrary, recordUpload } from './repo.js';
export { addToLibrary, libraryFolder, libraryRules, removeFromLibrary } from './service.js';
export { requireStaffUploads } from './staff-uploads.js';
export { drawing, storeDrawnImage } from './drawings.js';
