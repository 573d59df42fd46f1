import { bioCoverFields, bioPhotoSize, type BioCoverSaved } from '@papo/contract/bio';
import { uploadLimits } from '@papo/contract/editor';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { httpError, parseBody } from '../../lib/http-error.js';
import { putImageOnRecord, receiveOneFile, removeUpload, storeImage, type ImageRules, type UploadStorage } from '../../lib/uploads.js';
import { requireStaff } from '../../lib/guard.js';
import { findById } from './repo.js';
import { bioPhotoFolder, setBioPhoto } from './service.js';

/**
 * Bio photos follow the back office's image rules (issue 13), kept at most twice the recommended 600×600
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
export async function removeBioPhoto(uploads: UploadStorage, key: string | null, log: FastifyBaseLogger): Promise<void> {
  if (!key) return;
  await removeUpload(uploads, key).catch((error: unknown) => log.warn({ err: error }, 'old bio photo not removed'));
}

/** `POST /api/uploadBioCover` (staff): multipart `bio_id`, `description`, optional `file` (600×600 recommended). */
export const bioCoverRoute: FastifyPluginAsync = async (app) => {
  const deps = { db: app.db, dialect: app.dialect };

  app.post('/api/uploadBioCover', { preHandler: requireStaff }, async (request): Promise<BioCoverSaved> => {
    // NOTE: the file is sent only when one was chosen (public-site §5); without it only the description changes.
    const { fields, bytes } = await receiveOneFile(request, { field: 'file', maxBytes: bioPhotoRules.maxBytes });
    const { bio_id: id, description } = parseBody(bioCoverFields, fields);
    if (!bytes) {
      const { photoPath } = await setBioPhoto(deps, id, { description });
      return { message: 'bio_cover_saved', photoPath };
    }
    if (!(await findById(app.db, id))) throw httpError(404, 'bio_not_found');
    return putImageOnRecord({
      storage: app.uploads,
      field: 'file',
      log: request.log,
      store: () => storeImage(app.uploads, bioPhotoFolder, bytes, bioPhotoRules),
      async commit(image) {
        const { unused, photoPath } = await setBioPhoto(deps, id, { key: image.key, description });
        return { result: { message: 'bio_cover_saved', photoPath } satisfies BioCoverSaved, unused: [unused] };
      },
    });
  });
};
