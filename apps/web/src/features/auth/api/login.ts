import type { LoginBody, LoginResponse } from '@papo/contract/auth';
import { apiFetch } from '../../../lib/api';

/** `POST /api/login_check`: username (or e-mail) and password → the login answer stored as the session. */
export function login(body: LoginBody): Promise<LoginResponse> {
  return apiFetch<LoginResponse>('/api/login_check', { json: body, auth: false });
}
