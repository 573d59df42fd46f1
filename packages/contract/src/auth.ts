import { z } from 'zod';
import { apiRoute } from './api-route.js';
import { isPlainText, plainTextCheck } from './text.js';

import { passwordMax, passwordMin, usernamePattern, verificationCodeLength } from './auth-limits.js';

export { passwordMax, passwordMin, usernamePattern, verificationCodeLength };
/** Unambiguous alphabet for e-mailed codes: no 0/O, 1/I/L. */
export const verificationCodeAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

const text = (max: number, requiredKey: string) =>
  z
    .string({ message: requiredKey })
    .refine(isPlainText, plainTextCheck)
    .trim()
    .min(1, requiredKey)
    .max(max, 'too_long');

export const usernameSchema = z
  .string({ message: 'username_required' })
  .trim()
  .min(1, 'username_required')
  .regex(usernamePattern, 'invalid_username');

export const emailSchema = z
  .string({ message: 'email_required' })
  .trim()
  .min(1, 'email_required')
  .max(254, 'too_long')
  .pipe(z.email({ message: 'invalid_email' }));

export const passwordSchema = z
  .string({ message: 'password_required' })
  .refine(isPlainText, plainTextCheck)
  .min(1, 'password_required')
  .min(passwordMin, 'password_too_short')
  .max(passwordMax, 'password_too_long');

/** The interface languages; the first is the default (members-area §1). */
export const supportedLanguages = ['pt', 'en', 'fr', 'es'] as const;
export type SupportedLanguage = (typeof supportedLanguages)[number];
export const languageSchema = z.enum(supportedLanguages, { message: 'invalid_language' });

export const signupBody = z.object({
  name: text(100, 'name_required'),
  email: emailSchema,
  username: usernameSchema,
  password: passwordSchema,
  acceptedTerms: z.literal(true, { message: 'terms_required' }),
  /** The interface language at signup; mails go out in it. Optional: the server falls back to Accept-Language, then pt. */
  language: languageSchema.optional(),
});
export type SignupBody = z.infer<typeof signupBody>;

export const checkUsernameQuery = z.object({
  username: z.string({ message: 'username_required' }).refine(isPlainText, plainTextCheck).trim().max(100, 'too_long'),
});

/** `reason` is set when the name is not available: `username_taken` or the validation key (`invalid_username`, …). */
export const checkUsernameAnswer = z.object({ available: z.boolean(), reason: z.string().optional() });
export type CheckUsernameResponse = z.infer<typeof checkUsernameAnswer>;

export const signupAnswer = z.object({ username: z.string(), message: z.literal('signup_success') });
export type SignupResponse = z.infer<typeof signupAnswer>;

/** The answer of calls that only report an outcome, e.g. `{ message: 'account_verified' }`. */
export const messageAnswer = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageAnswer>;

export const confirmCodeBody = z.object({
  username: usernameSchema,
  code: z
    .string({ message: 'code_required' })
    .refine(isPlainText, plainTextCheck)
    .trim()
    .length(verificationCodeLength, 'invalid_code')
    .transform((c) => c.toUpperCase()),
});

export const resendCodeBody = z.object({ username: usernameSchema });

export const loginBody = z.object({
  username: z
    .string({ message: 'username_required' })
    .refine(isPlainText, plainTextCheck)
    .trim()
    .min(1, 'username_required')
    .max(254, 'too_long'),
  password: z
    .string({ message: 'password_required' })
    .refine(isPlainText, plainTextCheck)
    .min(1, 'password_required')
    .max(passwordMax, 'password_too_long'),
});
export type LoginBody = z.infer<typeof loginBody>;

/** What `/api/login_check` and the refresh and Google calls answer. */
export const loginAnswer = z.object({
  token: z.string(),
  refresh_token: z.string(),
  roles: z.array(z.string()),
  username: z.string(),
  userId: z.number(),
});
export type LoginResponse = z.infer<typeof loginAnswer>;

/**
 * `POST /api/confirmCode`: the account is verified; the browser that signed up (its signup cookie) is also signed in
 * and gets the login answer as `session`. A code confirmed anywhere else answers no session: a code is not a password.
 */
export const confirmCodeAnswer = z.object({ message: z.literal('account_verified'), session: loginAnswer.optional() });
export type ConfirmCodeResponse = z.infer<typeof confirmCodeAnswer>;

const refreshFields = z.object({
  grant_type: z.literal('refresh_token', { message: 'unsupported_grant_type' }).optional(),
  refresh_token: z.string().refine(isPlainText, plainTextCheck).min(1).max(512, 'too_long').optional(),
});
/** `POST /api/auth/refresh`: no body at all is a refresh by the `refresh_token` cookie alone. */
const refreshBody = refreshFields.nullish().transform((body): z.output<typeof refreshFields> => body ?? {});

const logoutFields = z.object({
  refresh_token: z.string().refine(isPlainText, plainTextCheck).min(1).max(512, 'too_long').optional(),
});
/** `POST /api/auth/logout`: the token may come in the body (JSON or form) or in the `refresh_token` cookie. */
const logoutBody = logoutFields.nullish().transform((body): z.output<typeof logoutFields> => body ?? {});

/** `GET /api/auth/providers`: which third-party sign-ins the server accepts; the web hides the others. */
export const authProvidersAnswer = z.object({ google: z.object({ clientId: z.string() }).nullable() });
export type AuthProvidersResponse = z.infer<typeof authProvidersAnswer>;

/** `GET /api/me`: enough of the signed-in account to restore a session. */
export const meAnswer = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  language: z.string(),
});
export type MeResponse = z.infer<typeof meAnswer>;

export const googleLoginBody = z.object({
  credential: z
    .string({ message: 'credential_required' })
    .refine(isPlainText, plainTextCheck)
    .min(1, 'credential_required')
    .max(4096, 'too_long'),
});

export const forgotPasswordBody = z.object({ email: emailSchema });

export const resetPasswordBody = z.object({
  token: z
    .string({ message: 'token_required' })
    .refine(isPlainText, plainTextCheck)
    .min(1, 'token_required')
    .max(256, 'too_long'),
  password: passwordSchema,
});

export const roles = { admin: 'ROLE_ADMIN', moderator: 'ROLE_MODERATOR', user: 'ROLE_USER' } as const;

/** Staff see the mailbox and the editors. */
export function isStaff(userRoles: readonly string[]): boolean {
  return userRoles.includes(roles.admin) || userRoles.includes(roles.moderator);
}

/** Registration, sessions, Google sign-in and forgotten passwords (members-area §2, §7; decision 005). */
export const authRoutes = {
  checkUsername: apiRoute({
    method: 'GET',
    path: '/api/check-username',
    query: checkUsernameQuery,
    answer: checkUsernameAnswer,
    auth: 'public',
  }),
  signup: apiRoute({
    method: 'POST',
    path: '/api/signup',
    body: signupBody,
    answer: signupAnswer,
    status: 201,
    auth: 'public',
  }),
  confirmCode: apiRoute({
    method: 'POST',
    path: '/api/confirmCode',
    body: confirmCodeBody,
    answer: confirmCodeAnswer,
    auth: 'public',
  }),
  resendCode: apiRoute({
    method: 'POST',
    path: '/api/resend-code',
    body: resendCodeBody,
    answer: messageAnswer,
    auth: 'public',
  }),
  login: apiRoute({ method: 'POST', path: '/api/login_check', body: loginBody, answer: loginAnswer, auth: 'public' }),
  refresh: apiRoute({
    method: 'POST',
    path: '/api/auth/refresh',
    body: refreshBody,
    answer: loginAnswer,
    auth: 'public',
  }),
  logout: apiRoute({
    method: 'POST',
    path: '/api/auth/logout',
    body: logoutBody,
    answer: messageAnswer,
    auth: 'public',
  }),
  me: apiRoute({ method: 'GET', path: '/api/me', answer: meAnswer, auth: 'member' }),
  providers: apiRoute({ method: 'GET', path: '/api/auth/providers', answer: authProvidersAnswer, auth: 'public' }),
  googleLogin: apiRoute({
    method: 'POST',
    path: '/api/google_login',
    body: googleLoginBody,
    answer: loginAnswer,
    auth: 'public',
  }),
  forgotPassword: apiRoute({
    method: 'POST',
    path: '/api/forgot-password',
    body: forgotPasswordBody,
    answer: messageAnswer,
    auth: 'public',
  }),
  resetPassword: apiRoute({
    method: 'POST',
    path: '/api/reset-password',
    body: resetPasswordBody,
    answer: messageAnswer,
    auth: 'public',
  }),
};
