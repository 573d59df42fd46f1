import { profileLimits, profilePictureField, type ProfilePictureAnswer } from '@papo/contract/profile';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { currentUser } from '../../lib/guard.js';
import { httpError } from '../../lib/http-error.js';
import { readingMultipart } from '../../lib/multipart.js';
import { cleanImage, removeUpload, storeUpload, uploadUrl } from '../../lib/uploads.js';
import { findProfileImage, swapProfileImage } from './repo.js';

const fileRequired = () => httpError(400, 'validation_failed', { [profilePictureField]: ['file_required'] });

/** The bytes of the one `profile_picture` file, at most 5 MB. */
async function readPicture(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw fileRequired();
  return readingMultipart(async () => {
    const part = await request.file({ limits: { fileSize: profileLimits.pictureBytes, files: 1 } });
    if (!part || part.fieldname !== profilePictureField) throw fileRequired();
    return part.toBuffer();
  }, profilePictureField);
}

const swapAttempts = 5;

/**
 * Points the user at the new picture and answers the one it replaced. NOTE: a compare-and-swap, so of
 * two uploads racing each removes exactly the picture it replaced and no file is left behind.
 */
async function replacePicture(request: FastifyRequest, userId: number, key: string): Promise<string | null> {
  for (let attempt = 0; attempt < swapAttempts; attempt += 1) {
    const current = await findProfileImage(request.server.db, userId);
    if (!current) throw httpError(404, 'user_not_found');
    if (await swapProfileImage(request.server.db, userId, current.profile_image, key)) return current.profile_image;
  }
  throw httpError(409, 'conflict');
}

/** `POST /api/upload-profile-picture`: multipart `profile_picture`, a PNG, JPEG, GIF or WebP image. */
export const profilePictureRoute: FastifyPluginAsync = async (app) => {
  const dataDir = app.config.DATA_DIR;

  app.post('/api/upload-profile-picture', async (request): Promise<ProfilePictureAnswer> => {
    const { userId } = currentUser(request);
    const image = await cleanImage(await readPicture(request), {
      width: profileLimits.pictureWidth,
      height: profileLimits.pictureHeight,
    });
    const key = await storeUpload(dataDir, 'profile', image.data, image.extension);
    let previous: string | null;
    try {
      previous = await replacePicture(request, userId, key);
    } catch (error) {
      await removeUpload(dataDir, key);
      throw error;
    }
    if (previous) {
      await removeUpload(dataDir, previous).catch((error: unknown) => request.log.warn({ err: error }, 'old profile picture not removed'));
    }
    return { message: 'profile_picture_updated', imageUrl: uploadUrl(key) };
  });
};
