import { bioCoverFields, bioPhotoSize, type BioCoverSaved } from '@papo/contract/bio';
import { uploadLimits } from '@papo/contract/editor';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { parseBody } from '../../lib/http-error.js';
import { readOneImage, removeUpload, storeImage, variantKey, type ImageRules } from '../../lib/uploads.js';
import { requireStaff } from '../../lib/guard.js';
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

/** Removes a bio photo no entry shows any more, and its list variant; a failure is only logged. */
export async function removeBioPhoto(dataDir: string, key: string | null, log: FastifyBaseLogger): Promise<void> {
  if (!key) return;
  await Promise.all([removeUpload(dataDir, key), removeUpload(dataDir, variantKey(key))]).catch((error: unknown) => log.warn({ err: error }, 'old bio photo not removed'));
}

/** `POST /api/uploadBioCover` (staff): multipart `bio_id`, `description`, optional `file` (600×600 recommended). */
export const bioCoverRoute: FastifyPluginAsync = async (app) => {
  const deps = { db: app.db, dialect: app.dialect };
  const dataDir = app.config.DATA_DIR;

  app.post('/api/uploadBioCover', { preHandler: requireStaff }, async (request): Promise<BioCoverSaved> => {
    // NOTE: the file is sent only when one was chosen (public-site §5); without it only the description changes.
    const { fields, image } = await readOneImage(request, {
      field: 'file',
      maxBytes: bioPhotoRules.maxBytes,
      store: (bytes) => storeImage(dataDir, bioPhotoFolder, bytes, bioPhotoRules),
    });
    const { bio_id: id, description } = parseBody(bioCoverFields, fields);
    try {
      const { unused, photoPath } = await setBioPhoto(deps, id, { key: image?.key, description });
      await removeBioPhoto(dataDir, unused, request.log);
      return { message: 'bio_cover_saved', photoPath };
    } catch (error) {
      if (image) await Promise.all([removeUpload(dataDir, image.key), removeUpload(dataDir, image.thumbnail)]);
      throw error;
    }
  });
};
