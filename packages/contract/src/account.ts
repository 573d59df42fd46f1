import { z } from 'zod';
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
export interface PasswordChanged {
  message: 'password_changed';
  token: string;
}

/** One signed-in device of the member (`GET /api/account/sessions`). */
export interface AccountSession {
  id: string;
  /** `web`: a browser; `irc`: an IRC link. */
  kind: 'web' | 'irc';
  /** The device making this request. */
  current: boolean;
  /** The browser and system, read from its User-Agent (`Chrome · Linux`); null when unknown (IRC, older sign-ins). */
  browser: string | null;
  /** ISO-8601 times: the sign-in, and its last token renewal. */
  firstSeen: string;
  lastSeen: string;
}

export interface AccountSessions {
  sessions: AccountSession[];
}

/** `DELETE /api/account/sessions/{id}`: a session id is a UUID. */
export const accountSessionParams = z.object({ id: z.uuid({ message: 'session_not_found' }) });

/** `POST /api/account/export` and `GET /api/account/export` while the file is being made (202). */
export interface AccountExportPending {
  state: 'pending';
}

/** `DELETE /api/account`: the password proves it is the member; answered 204, every sign-in ended. */
export const deleteAccountBody = z.object({
  password: z
    .string({ message: 'password_required' })
    .refine(isPlainText, plainTextCheck)
    .min(1, 'password_required')
    .max(passwordMax, 'password_too_long'),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;
