import type {} from '@fastify/multipart';
import { bioCoverFields, bioPhotoSize, type BioCoverSaved } from '@papo/contract/bio';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { HttpError, httpError, parseBody } from '../../lib/http-error.js';
import { cleanImage, removeUpload, storeUpload } from '../../lib/uploads.js';
import { requireStaff } from '../auth/guard.js';
import { setBioPhoto } from './service.js';

const maxBytes = 5 * 1024 * 1024;

function uploadError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return httpError(413, 'file_too_large', { file: ['file_too_large'] });
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return httpError(413, 'payload_too_large');
  return httpError(400, 'invalid_multipart');
}

/** The multipart fields and the optional `file` (public-site §5: the file is sent only when one was chosen). */
async function readCoverForm(request: FastifyRequest): Promise<{ fields: Record<string, unknown>; file?: Buffer }> {
  if (!request.isMultipart()) throw httpError(415, 'unsupported_media_type');
  const fields: Record<string, unknown> = {};
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { files: 1, fields: 5, fileSize: maxBytes, fieldSize: 4096 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw httpError(400, 'validation_failed', { [part.fieldname]: ['unexpected_field'] });
        file = await part.toBuffer();
      } else fields[part.fieldname] = part.value;
    }
  } catch (error) {
    throw uploadError(error);
  }
  return { fields, file: file?.length ? file : undefined };
}

/** `POST /api/uploadBioCover` (staff): multipart `bio_id`, `description`, optional `file` (600×600 recommended). */
export const bioCoverRoute: FastifyPluginAsync = async (app) => {
  const deps = { db: app.db, dialect: app.dialect };
  const dataDir = app.config.DATA_DIR;

  app.post('/api/uploadBioCover', { preHandler: requireStaff }, async (request): Promise<BioCoverSaved> => {
    const { fields, file } = await readCoverForm(request);
    const { bio_id: id, description } = parseBody(bioCoverFields, fields);
    // NOTE: twice the recommended size keeps photos sharp on dense screens without storing originals.
    const key = file ? await cleanImage(file, { width: bioPhotoSize.width * 2, height: bioPhotoSize.height * 2 }).then((image) => storeUpload(dataDir, 'bio', image.data, image.extension)) : undefined;
    try {
      const { previous, photoPath } = await setBioPhoto(deps, id, { key, description });
      if (previous) await removeUpload(dataDir, previous).catch((error: unknown) => request.log.warn({ err: error }, 'old bio photo not removed'));
      return { message: 'bio_cover_saved', photoPath };
    } catch (error) {
      if (key) await removeUpload(dataDir, key);
      throw error;
    }
  });
};
