import { z } from 'zod';

/** Usernames and nicknames: 2–30 letters, digits, '_' or '-'. */
export const usernamePattern = /^[A-Za-z0-9_-]{2,30}$/;

export const passwordMin = 10;
export const passwordMax = 128;
export const verificationCodeLength = 4;
/** Unambiguous alphabet for e-mailed codes: no 0/O, 1/I/L. */
export const verificationCodeAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

const text = (max: number, requiredKey: string) =>
  z
    .string({ message: requiredKey })
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
  .min(1, 'password_required')
  .min(passwordMin, 'password_too_short')
  .max(passwordMax, 'password_too_long');

export const signupBody = z.object({
  name: text(100, 'name_required'),
  email: emailSchema,
  username: usernameSchema,
  password: passwordSchema,
  acceptedTerms: z.literal(true, { message: 'terms_required' }),
});
export type SignupBody = z.infer<typeof signupBody>;

export const checkUsernameQuery = z.object({ username: z.string({ message: 'username_required' }).trim().max(100, 'too_long') });

export const confirmCodeBody = z.object({
  username: usernameSchema,
  code: z
    .string({ message: 'code_required' })
    .trim()
    .length(verificationCodeLength, 'invalid_code')
    .transform((c) => c.toUpperCase()),
});

export const resendCodeBody = z.object({ username: usernameSchema });

export const loginBody = z.object({
  username: z.string({ message: 'username_required' }).trim().min(1, 'username_required').max(254, 'too_long'),
  password: z.string({ message: 'password_required' }).min(1, 'password_required').max(passwordMax, 'password_too_long'),
});
export type LoginBody = z.infer<typeof loginBody>;

/** What `/api/login_check` and the refresh and Google calls answer. */
export interface LoginResponse {
  token: string;
  refresh_token: string;
  roles: string[];
  username: string;
  userId: number;
}

export const refreshBody = z.object({
  grant_type: z.literal('refresh_token', { message: 'unsupported_grant_type' }).optional(),
  refresh_token: z.string().min(1).max(512, 'too_long').optional(),
});

export const googleLoginBody = z.object({
  credential: z.string({ message: 'credential_required' }).min(1, 'credential_required').max(4096, 'too_long'),
});

export const forgotPasswordBody = z.object({ email: emailSchema });

export const resetPasswordBody = z.object({
  token: z.string({ message: 'token_required' }).min(1, 'token_required').max(256, 'too_long'),
  password: passwordSchema,
});

export const roles = { admin: 'ROLE_ADMIN', moderator: 'ROLE_MODERATOR', user: 'ROLE_USER' } as const;

/** Staff see the mailbox and the editors. */
export function isStaff(userRoles: readonly string[]): boolean {
  return userRoles.includes(roles.admin) || userRoles.includes(roles.moderator);
}
