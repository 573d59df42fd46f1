import type { MessageResponse } from '@papo/contract/auth';
import { apiFetch } from '../../../lib/api';

/** `POST /api/forgot-password`: mails a reset link when the address has an account; the answer never says. */
export function requestPasswordReset(email: string): Promise<MessageResponse> {
  return apiFetch<MessageResponse>('/api/forgot-password', { json: { email }, auth: false });
}

/** `POST /api/reset-password`: sets a new password with the mailed single-use token. */
export function resetPassword(token: string, password: string): Promise<MessageResponse> {
  return apiFetch<MessageResponse>('/api/reset-password', { json: { token, password }, auth: false });
}
