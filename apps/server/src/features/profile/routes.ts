import { profileRoutes as routes } from '@papo/contract/profile';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/api-route.js';
import { httpError } from '../../lib/http-error.js';
import { profilePictureRoute } from './picture.js';
import { setOnce, updateColumn, userExists, type EditableColumn, type SetOnceColumn } from './repo.js';
import { profileReads } from './profile-cache.js';
import { sendKept } from '../../lib/shared-cache.js';

/** The profile (members-area §3 User profile) and its updates (§7), each answering `{ message, <field> }`. */
export const profileRoutes: FastifyPluginAsync = async (app) => {
  const profiles = profileReads(app);
  // not async: a kept profile is sent without a promise (sendKept).
  serve(app, routes.profile, ({ user, request, reply }) =>
    sendKept(request, reply, profiles.read(user.userId), { audience: 'member', missing: 'user_not_found' }),
  );

  /** A field the member may change at will. */
  const update = async (userId: number, column: EditableColumn, value: string) => {
    if (!(await updateColumn(app.db, userId, column, value))) throw httpError(404, 'user_not_found');
  };
  /** A field set once: a second time is refused (409 `already_set` on `field`). */
  const setFirst = async (userId: number, column: SetOnceColumn, field: string, value: string) => {
    if (await setOnce(app.db, userId, column, value)) return;
    if (!(await userExists(app.db, userId))) throw httpError(404, 'user_not_found');
    throw httpError(409, 'already_set', { [field]: ['already_set'] });
  };

  serve(app, routes.updateGender, async ({ body: { gender }, user }) => {
    await update(user.userId, 'gender', gender);
    return { message: 'gender_updated', gender };
  });
  serve(app, routes.updateLanguage, async ({ body: { language }, user }) => {
    await update(user.userId, 'language', language);
    return { message: 'language_updated', language };
  });
  serve(app, routes.updateWelcomeMessage, async ({ body: { welcomeMessage }, user }) => {
    await update(user.userId, 'welcome_message', welcomeMessage);
    return { message: 'welcome_message_updated', welcomeMessage };
  });
  serve(app, routes.updateBirthday, async ({ body: { birthday }, user }) => {
    await setFirst(user.userId, 'birthday', 'birthday', birthday);
    return { message: 'birthday_updated', birthday };
  });
  serve(app, routes.updateInstagram, async ({ body: { instagram }, user }) => {
    await setFirst(user.userId, 'instagram', 'instagram', instagram);
    return { message: 'instagram_updated', instagram };
  });
  serve(app, routes.updateYoutube, async ({ body: { youtube }, user }) => {
    await setFirst(user.userId, 'youtube', 'youtube', youtube);
    return { message: 'youtube_updated', youtube };
  });

  await app.register(profilePictureRoute);
};
