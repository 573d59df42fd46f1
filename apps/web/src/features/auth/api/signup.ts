import type {
  CheckUsernameResponse,
  ConfirmCodeResponse,
  MessageResponse,
  SignupBody,
  SignupResponse,
} from '@papo/contract/auth';
import { authRoutes } from '@papo/contract/browser-routes/auth';
import { api } from '../../../lib/api';

/** `GET /api/check-username`: whether the name can be registered, and why not. */
export function checkUsername(username: string, signal?: AbortSignal): Promise<CheckUsernameResponse> {
  return api(authRoutes.checkUsername, { query: { username }, signal });
}

/** `POST /api/signup`: 201 with the username; the account waits for its e-mailed code. */
export function signup(body: SignupBody): Promise<SignupResponse> {
  return api(authRoutes.signup, { body });
}

/** `POST /api/confirmCode`: 200 once the 4-character code matches, with a session when this browser signed up. */
export function confirmCode(username: string, code: string): Promise<ConfirmCodeResponse> {
  return api(authRoutes.confirmCode, { body: { username, code } });
}

/** `POST /api/resend-code`: mails a fresh code (the old one stops working); same answer for every name. */
export function resendCode(username: string): Promise<MessageResponse> {
  return api(authRoutes.resendCode, { body: { username } });
}
