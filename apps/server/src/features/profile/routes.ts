import {
  updateBirthdayBody,
  updateGenderBody,
  updateInstagramBody,
  updateLanguageBody,
  updateWelcomeMessageBody,
  updateYoutubeBody,
} from '@papo/contract/profile';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { currentUser, signedIn } from '../../lib/guard.js';
import { httpError, parseBody } from '../../lib/http-error.js';
import { profilePictureRoute } from './picture.js';
import { setOnce, updateColumn, userExists, type EditableColumn, type SetOnceColumn } from './repo.js';
import { profileReads } from './profile-cache.js';
import { sendKept } from '../../lib/shared-cache.js';

type Schema = z.ZodType<Record<string, string>>;

/** One `POST /api/update-*` call: its body field, the column behind it and its answer key. */
interface FieldUpdate {
  path: string;
  schema: Schema;
  field: string;
  message: string;
}

const editable: (FieldUpdate & { column: EditableColumn })[] = [
  {
    path: '/api/update-gender',
    schema: updateGenderBody,
    field: 'gender',
    column: 'gender',
    message: 'gender_updated',
  },
  {
    path: '/api/update-language',
    schema: updateLanguageBody,
    field: 'language',
    column: 'language',
    message: 'language_updated',
  },
  {
    path: '/api/update-welcome-message',
    schema: updateWelcomeMessageBody,
    field: 'welcomeMessage',
    column: 'welcome_message',
    message: 'welcome_message_updated',
  },
];

const setOnceFields: (FieldUpdate & { column: SetOnceColumn })[] = [
  {
    path: '/api/update-birthday',
    schema: updateBirthdayBody,
    field: 'birthday',
    column: 'birthday',
    message: 'birthday_updated',
  },
  {
    path: '/api/update-instagram',
    schema: updateInstagramBody,
    field: 'instagram',
    column: 'instagram',
    message: 'instagram_updated',
  },
  {
    path: '/api/update-youtube',
    schema: updateYoutubeBody,
    field: 'youtube',
    column: 'youtube',
    message: 'youtube_updated',
  },
];

function readField(request: FastifyRequest, update: FieldUpdate): string {
  const value = parseBody(update.schema, request.body)[update.field];
  if (value === undefined) throw new Error(`schema of ${update.path} has no field ${update.field}`);
  return value;
}

/** The profile (members-area §3 User profile) and its updates (§7), each answering `{ message, <field> }`. */
export const profileRoutes: FastifyPluginAsync = async (app) => {
  // NOTE: onRequest, so a request without a valid token is refused before its body is read.
  app.addHook('onRequest', signedIn);

  const profiles = profileReads(app);
  // NOTE: not async: a kept profile is sent without a promise (sendKept).
  app.get('/api/userprofile', (request, reply) =>
    sendKept(request, reply, profiles.read(currentUser(request).userId), {
      audience: 'member',
      missing: 'user_not_found',
    }),
  );

  for (const update of editable) {
    app.post(update.path, async (request) => {
      const value = readField(request, update);
      if (!(await updateColumn(app.db, currentUser(request).userId, update.column, value)))
        throw httpError(404, 'user_not_found');
      return { message: update.message, [update.field]: value };
    });
  }

  for (const update of setOnceFields) {
    app.post(update.path, async (request) => {
      const value = readField(request, update);
      const { userId } = currentUser(request);
      if (!(await setOnce(app.db, userId, update.column, value))) {
        if (!(await userExists(app.db, userId))) throw httpError(404, 'user_not_found');
        throw httpError(409, 'already_set', { [update.field]: ['already_set'] });
      }
      return { message: update.message, [update.field]: value };
    });
  }

  await app.register(profilePictureRoute);
};
