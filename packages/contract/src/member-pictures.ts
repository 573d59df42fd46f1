import { z } from 'zod';
import { imageVariantWidths } from './image-variants.js';
import { apiRoute } from './api-route.js';

/**
 * How members look where they are shown small (the header's circle, a channel's user list, conversations): the
 * smallest sized variant of their uploaded picture, and the name their initials come from when they have none, so a
 * member shows the same circle everywhere (the profile's).
 */

/** How many members one `GET /api/member-pictures` asks about: a screenful of a user list. */
export const maxPictureIds = 100;

/** The width of the variant shown in an avatar: the smallest made (decision 019). */
export const avatarPictureWidth = imageVariantWidths[0];

/** `GET /api/member-pictures?ids=1,2,3`: distinct member ids, comma-separated. */
export const memberPicturesQuery = z.object({
  ids: z
    .string({ error: 'invalid_id' })
    .regex(/^[1-9][0-9]{0,14}(,[1-9][0-9]{0,14})*$/, 'invalid_id')
    .transform((value) => [...new Set(value.split(',').map(Number))])
    .refine((ids) => ids.length <= maxPictureIds, 'invalid_id'),
});

/** One member's circle: the name shown on their profile, and their picture's small variant (null: initials). */
const memberFaceAnswer = z.object({ name: z.string(), picture: z.string().nullable() });
export type MemberFace = z.infer<typeof memberFaceAnswer>;

/** Answer: each asked member that exists, by id. */
const memberPicturesAnswer = z.object({ members: z.record(z.string(), memberFaceAnswer) });
export type MemberPicturesAnswer = z.infer<typeof memberPicturesAnswer>;

/** Members only see other members' pictures, as the profile and whois already show them. */
export const memberPictureRoutes = {
  list: apiRoute({
    method: 'GET',
    path: '/api/member-pictures',
    query: memberPicturesQuery,
    answer: memberPicturesAnswer,
    auth: 'member',
  }),
};
