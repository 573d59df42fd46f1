import { sizedUploadPath } from '@papo/contract/image-variants';
import { avatarPictureWidth, memberPictureRoutes as routes, type MemberFace } from '@papo/contract/member-pictures';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/api-route.js';

/**
 * The small pictures of the members a page shows (the header, a user list, conversations): members only see other
 * members' pictures, as the profile and whois already show them. The variant is made on its first request.
 */
export const memberPictureRoutes: FastifyPluginAsync = async (app) => {
  serve(app, routes.list, async ({ query: { ids } }) => {
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
