import type { MessageResponse } from '@papo/contract/auth';
import { authRoutes } from '@papo/contract/browser-routes/auth';
import { api } from '../../../lib/api';

/** `POST /api/forgot-password`: mails a reset link when the address has an account; the answer never says. */
export function requestPasswordReset(email: string): Promise<MessageResponse> {
  return api(authRoutes.forgotPassword, { body: { email } });
}

/** `POST /api/reset-password`: sets a new password with the mailed single-use token. */
export function resetPassword(token: string, password: string): Promise<MessageResponse> {
  return api(authRoutes.resetPassword, { body: { token, password } });
}
