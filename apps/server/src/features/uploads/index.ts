/*
 * The uploads module, the one way to files people upload (decision 025), and what other features use of it (the
 * server's boundary rule, eslint/server-feature-boundaries.js): where uploads are kept (storage/), stored objects and
 * their variants (objects.ts), the image pipeline (images.ts) and its limits (limits.ts), the lifecycle of an image put
 * on a record (record.ts), serving (serve.ts), the staff library (routes.ts, service.ts, repo.ts), the sweep of files
 * no record refers to (sweep.ts) and the demo content's drawings (drawings.ts).
 */
export type { UploadStorage } from './storage/storage.js';
export { openUploadStorage } from './storage/open.js';
export { createSharedUploadsCheck } from './storage/shared-check.js';
export { registerUploads } from './serve.js';
export { registerUploadLimits } from './limits.js';
export { removeUnused, removeUpload, storeUpload, uploadUrl } from './objects.js';
export { cleanImage, storeImage, type ImageRules } from './images.js';
export { putImageOnRecord } from './record.js';
export { isInLibrary, recordUpload } from './repo.js';
export { addToLibrary, libraryFolder, libraryRules, removeFromLibrary } from './service.js';
export { requireStaffUploads } from './staff-uploads.js';
export { drawing, storeDrawnImage } from './drawings.js';
