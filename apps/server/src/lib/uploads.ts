/*
 * The uploads toolkit, one file per concern under lib/uploads/ (#37): where uploads are kept (open.ts), stored objects
 * and their variants (objects.ts), the image pipeline (images.ts), one file from a multipart body (multipart.ts, read by lib/multipart.ts), the lifecycle
 * of an image put on a record (record.ts), serving (serve.ts) and the storages (local.ts, s3.ts). Callers import
 * from here.
 */
export type { UploadStorage } from './uploads/storage.js';
export { isUploadKey } from './uploads/storage.js';
export { registerUploads } from './uploads/serve.js';
export { openUploadStorage, uploadsRoot } from './uploads/open.js';
export { removeUnused, removeUpload, storeUpload, uploadUrl, variantKey } from './uploads/objects.js';
export { cleanImage, storeImage, type ImageRules, type StoredImage } from './uploads/images.js';
export { readMultipart } from './multipart.js';
export { receiveOneFile } from './uploads/multipart.js';
export { putImageOnRecord } from './uploads/record.js';
