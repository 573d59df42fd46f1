import {
  uploadFields,
  uploadLimits,
  uploadRoutes as routes,
  type RefusedFile,
  type UploadedFile,
  type UploadImagesAnswer,
} from '@papo/contract/editor';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/api-route.js';
import { HttpError, httpError } from '../../lib/http-error.js';
import { readMultipart } from '../../lib/multipart.js';
import { listUploads } from './repo.js';
import { addToLibrary, libraryRules } from './service.js';
import { createUploadSweeper } from './sweep.js';
import { redisOutageOf } from '../../lib/redis-outage.js';

/**
 * The staff image library: `POST /api/uploadImage` (multipart `files[]`) and `GET /api/uploads`. A bad
 * file of a batch is reported by its name and the good ones are kept.
 */
export const uploadRoutes: FastifyPluginAsync = async (app) => {
  const sweeper = createUploadSweeper({
    db: app.db,
    storage: app.uploads,
    log: app.log,
    redis: app.config.REDIS_URL
      ? { url: app.config.REDIS_URL, outage: redisOutageOf(app, app.config.REDIS_URL) }
      : undefined,
    redisPrefix: app.config.REDIS_PREFIX,
  });
  app.addHook('onReady', async () => sweeper.start());
  app.addHook('onClose', () => sweeper.stop());

  serve(
    app,
    routes.upload,
    async ({ user: { userId }, request, reply }) => {
      const kept: UploadedFile[] = [];
      const refused: RefusedFile[] = [];
      await readMultipart(request, {
        fileField: uploadFields.files,
        maxBytes: uploadLimits.bytes,
        maxFiles: uploadLimits.filesPerBatch,
        async onFile(file) {
          if ('refused' in file) {
            refused.push({ file: file.filename, message: file.refused });
            return;
          }
          try {
            kept.push((await addToLibrary(app.db, app.uploads, file.bytes, libraryRules, userId)).file);
          } catch (error) {
            // a storage that is down fails the request (503), it is not a fault of the file.
            if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
            refused.push({ file: file.filename, message: error.key });
          }
        },
      });
      if (kept.length === 0 && refused.length === 0)
        throw httpError(400, 'file_required', { [uploadFields.files]: ['file_required'] });
      const answer: UploadImagesAnswer = { files: kept, refused };
      // Nothing kept: the request as a whole failed, and each file says why.
      const [firstRefusal] = refused;
      if (kept.length === 0 && firstRefusal)
        return reply
          .status(firstRefusal.message === 'image_too_large' ? 413 : 400)
          .send({ message: firstRefusal.message, ...answer });
      return answer;
    },
    { preHandler: app.uploadLimit },
  );

  serve(app, routes.list, async ({ query: { page } }) => ({
    page,
    ...(await listUploads(app.db, page, uploadLimits.pageSize)),
  }));
};
