import { bioCoverFields, bioPhotoSize, staffBioRoutes as routes, type BioCoverSaved } from '@papo/contract/bio';
import { uploadLimits } from '@papo/contract/editor';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { receiveForm, serve } from '../../lib/api-route.js';
import { httpError } from '../../lib/http-error.js';
import { putImageOnRecord, removeUpload, storeImage, type ImageRules, type UploadStorage } from '../uploads/index.js';
import { conflict, ifMatchHolds, ifMatchOf, recordStamp } from '../revisions/index.js';
import { findById } from './repo.js';
import { bioPhotoFolder, setBioPhoto } from './service.js';

/**
 * Bio photos follow the back office's image rules, kept at most twice the recommended 600×600
 * so they stay sharp on dense screens without storing a camera's original.
 */
const bioPhotoRules: ImageRules = {
  formats: ['jpeg', 'png', 'webp'],
  maxBytes: uploadLimits.bytes,
  maxPixels: uploadLimits.pixels,
  variantWidth: uploadLimits.variantWidth,
  fit: { width: bioPhotoSize.width * 2, height: bioPhotoSize.height * 2 },
};

/** Removes a bio photo no entry shows any more, and its variants; a failure is only logged (the sweep retries). */
export async function removeBioPhoto(
  uploads: UploadStorage,
  key: string | null,
  log: FastifyBaseLogger,
): Promise<void> {
  if (!key) return;
  await removeUpload(uploads, key).catch((error: unknown) => log.warn({ err: error }, 'old bio photo not removed'));
}

/** `POST /api/uploadBioCover` (staff): multipart `bio_id`, `description`, optional `file` (600×600 recommended). */
export const bioCoverRoute: FastifyPluginAsync = async (app) => {
  const deps = { db: app.db, dialect: app.dialect };

  serve(
    app,
    routes.cover,
    async ({ user, request }) => {
      // the file is sent only when one was chosen (public-site §5); without it only the description changes.
      const { fields, bytes } = await receiveForm(request, bioCoverFields, {
        field: 'file',
        maxBytes: bioPhotoRules.maxBytes,
      });
      const { bio_id: id, description } = fields;
      const save = { authorId: user.userId, ifMatch: ifMatchOf(request) };
      if (!bytes) {
        const { photoPath, revision } = await setBioPhoto(deps, id, { description }, save);
        return { message: 'bio_cover_saved', photoPath, revision };
      }
      if (!(await findById(app.db, id))) throw httpError(404, 'bio_not_found');
      // A stale version is refused before the photo is stored (the save checks it again, under its lock).
      if (!ifMatchHolds(save.ifMatch, (await recordStamp(app.db, 'bio', id)).revision)) conflict();
      return putImageOnRecord({
        storage: app.uploads,
        field: 'file',
        log: request.log,
        store: () => storeImage(app.uploads, bioPhotoFolder, bytes, bioPhotoRules),
        async commit(image) {
          const { unused, photoPath, revision } = await setBioPhoto(deps, id, { key: image.key, description }, save);
          return {
            result: { message: 'bio_cover_saved', photoPath, revision } satisfies BioCoverSaved,
            unused: [unused],
          };
        },
      });
    },
    { preHandler: app.uploadLimit },
  );
};
