import { z } from 'zod';
import { apiRoute, rawAnswer } from './api-route.js';
import { passwordSchema } from './auth.js';
import { passwordMax } from './auth-limits.js';
import { isPlainText, plainTextCheck } from './text.js';

/** `PUT /api/account/password`: the current password proves it is the member; the others' sign-ins end. */
export const changePasswordBody = z.object({
  currentPassword: z
    .string({ message: 'password_required' })
    .refine(isPlainText, plainTextCheck)
    .min(1, 'password_required')
    .max(passwordMax, 'password_too_long'),
  newPassword: passwordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** What a password change answers: a fresh access token for the device that made it (the old ones ended). */
export const passwordChangedAnswer = z.object({ message: z.literal('password_changed'), token: z.string() });
export type PasswordChanged = z.infer<typeof passwordChangedAnswer>;

/** One signed-in device of the member (`GET /api/account/sessions`). */
const accountSession = z.object({
  id: z.string(),
  /** `web`: a browser; `irc`: an IRC link. */
  kind: z.enum(['web', 'irc']),
  /** The device making this request. */
  current: z.boolean(),
  /** The browser and system, read from its User-Agent (`Chrome · Linux`); null when unknown (IRC, older sign-ins). */
  browser: z.string().nullable(),
  /** ISO-8601 times: the sign-in, and its last token renewal. */
  firstSeen: z.string(),
  lastSeen: z.string(),
});
export type AccountSession = z.infer<typeof accountSession>;

export const accountSessionsAnswer = z.object({ sessions: z.array(accountSession) });
export type AccountSessions = z.infer<typeof accountSessionsAnswer>;

/** `DELETE /api/account/sessions/{id}`: a session id is a UUID. */
export const accountSessionParams = z.object({ id: z.uuid({ message: 'session_not_found' }) });

/** `POST /api/account/export` and `GET /api/account/export` while the file is being made (202). */
export const accountExportPendingAnswer = z.object({ state: z.literal('pending') });
export type AccountExportPending = z.infer<typeof accountExportPendingAnswer>;

/** `DELETE /api/account`: the password proves it is the member; answered 204, every sign-in ended. */
export const deleteAccountBody = z.object({
  password: z
    .string({ message: 'password_required' })
    .refine(isPlainText, plainTextCheck)
    .min(1, 'password_required')
    .max(passwordMax, 'password_too_long'),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;

/** "Conta e segurança": the member's password, signed-in devices (decision 037) and data export (decision 041). */
export const accountRoutes = {
  changePassword: apiRoute({
    method: 'PUT',
    path: '/api/account/password',
    body: changePasswordBody,
    answer: passwordChangedAnswer,
    auth: 'member',
  }),
  sessions: apiRoute({ method: 'GET', path: '/api/account/sessions', answer: accountSessionsAnswer, auth: 'member' }),
  /** 204. */
  endSession: apiRoute({
    method: 'DELETE',
    path: '/api/account/sessions/:id',
    params: accountSessionParams,
    paramsError: { id: { status: 404, key: 'session_not_found' } },
    answer: rawAnswer,
    auth: 'member',
  }),
  /** 204: every sign-in but the one asking. */
  endOtherSessions: apiRoute({ method: 'DELETE', path: '/api/account/sessions', answer: rawAnswer, auth: 'member' }),
  requestExport: apiRoute({
    method: 'POST',
    path: '/api/account/export',
    answer: accountExportPendingAnswer,
    status: 202,
    auth: 'member',
  }),
  /** The file (a download of JSON), or 202 `{ state: 'pending' }` while it is being made. */
  exportFile: apiRoute({ method: 'GET', path: '/api/account/export', answer: rawAnswer, auth: 'member' }),
  /** 204, every sign-in ended. */
  deleteAccount: apiRoute({
    method: 'DELETE',
    path: '/api/account',
    body: deleteAccountBody,
    answer: rawAnswer,
    auth: 'member',
  }),
};
