import { sizedUploadPath } from '@papo/contract/image-variants';
import {
  avatarPictureWidth,
  memberPicturesQuery,
  type MemberFace,
  type MemberPicturesAnswer,
} from '@papo/contract/member-pictures';
import type { FastifyPluginAsync } from 'fastify';
import { signedIn } from '../../lib/guard.js';
import { parseQuery } from '../../lib/http-error.js';

/**
 * The small pictures of the members a page shows (the header, a user list, conversations): members only see other
 * members' pictures, as the profile and whois already show them. The variant is made on its first request.
 */
export const memberPictureRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', signedIn);

  app.get('/api/member-pictures', async (request): Promise<MemberPicturesAnswer> => {
    const { ids } = parseQuery(memberPicturesQuery, request.query);
    const rows = await app.db
      .selectFrom('users')
      .select(['id', 'name', 'username', 'profile_image'])
      .where('id', 'in', ids)
      .where('deleted_at', 'is', null)
      .execute();
    const members: Record<string, MemberFace> = {};
    for (const row of rows) {
      members[String(row.id)] = {
        name: row.name.trim() || row.username,
        picture: row.profile_image === null ? null : sizedUploadPath(avatarPictureWidth, row.profile_image),
      };
    }
    return { members };
  });
};
