import path from 'node:path';
import { folderStorage } from './local.js';
import type { UploadsLocation } from './location.js';
import { s3Storage } from './s3.js';
import type { SharedUploadsCheck } from './shared-check.js';
import type { UploadStorage } from './storage.js';

/*
 * Files people upload live in the uploads storage (decision 025: DATA_DIR/uploads, a shared folder or an S3-compatible
 * bucket, by UPLOADS_URL) and are served at /uploads/. Only raster images that sharp decodes are kept, and only as
 * sharp re-encodes them, so no uploaded byte is served as is.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploads are kept (UPLOADS_URL). */
    uploads: UploadStorage;
    /** Whether every node reads this node's uploads (checked through Redis; always true without it). */
    uploadsCheck: SharedUploadsCheck;
  }
}

/** The default uploads folder: DATA_DIR/uploads. */
export function uploadsRoot(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

/** The storage UPLOADS_URL names: DATA_DIR/uploads when unset, a folder, or an S3-compatible bucket. */
export function openUploadStorage(config: {
  DATA_DIR: string;
  UPLOADS_URL?: UploadsLocation;
  S3_ENDPOINT?: string;
  S3_FORCE_PATH_STYLE?: boolean;
  UPLOADS_TIMEOUT_MS: number;
}): UploadStorage {
  const location = config.UPLOADS_URL;
  if (location?.kind === 's3') {
    return s3Storage({
      bucket: location.bucket,
      prefix: location.prefix,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      timeoutMs: config.UPLOADS_TIMEOUT_MS,
    });
  }
  return folderStorage(location?.root ?? uploadsRoot(config.DATA_DIR));
}
