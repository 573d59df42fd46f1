import type { LoginBody, LoginResponse } from '@papo/contract/auth';
import { authRoutes } from '@papo/contract/browser-routes/auth';
import { api } from '../../../lib/api';

/** `POST /api/login_check`: username (or e-mail) and password → the login answer stored as the session. */
export function login(body: LoginBody): Promise<LoginResponse> {
  return api(authRoutes.login, { body });
}
