import { profileLimits, profilePictureField, profileRoutes, type ProfilePictureAnswer } from '@papo/contract/profile';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { serve } from '../../lib/api-route.js';
import { httpError } from '../../lib/http-error.js';
import { readMultipart } from '../../lib/multipart.js';
import { cleanImage, putImageOnRecord, storeUpload, uploadUrl } from '../uploads/index.js';
import { findProfileImage, swapProfileImage } from './repo.js';

const fileRequired = () => httpError(400, 'validation_failed', { [profilePictureField]: ['file_required'] });

/** The bytes of the one `profile_picture` file, at most 5 MB (a file after it is not read). */
async function readPicture(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw fileRequired();
  let picture: Buffer | undefined;
  await readMultipart(request, {
    fileField: profilePictureField,
    maxBytes: profileLimits.pictureBytes,
    maxFiles: 1,
    async onFile(file) {
      if (!('refused' in file)) picture = file.bytes;
      else if (file.refused === 'image_too_large')
        throw httpError(413, 'file_too_large', { [profilePictureField]: ['file_too_large'] });
    },
  });
  if (!picture) throw fileRequired();
  return picture;
}

const swapAttempts = 5;

/**
 * Points the user at the new picture and answers the one it replaced. A compare-and-swap, so of
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
  serve(
    app,
    profileRoutes.uploadPicture,
    async ({ user: { userId }, request }) => {
      const image = await cleanImage(await readPicture(request), {
        width: profileLimits.pictureWidth,
        height: profileLimits.pictureHeight,
      });
      return putImageOnRecord({
        storage: app.uploads,
        field: profilePictureField,
        log: request.log,
        store: async () => ({ key: await storeUpload(app.uploads, 'profile', image.data, image.extension) }),
        commit: async ({ key }) => ({
          result: { message: 'profile_picture_updated', imageUrl: uploadUrl(key) } satisfies ProfilePictureAnswer,
          unused: [await replacePicture(request, userId, key)],
        }),
      });
    },
    { preHandler: app.uploadLimit },
  );
};
