import { ApiError } from '../../../lib/api';

/** The translation key for a failed chat call: the server's message key under `chatErrors`. */
export function errorKey(error: unknown): string {
  if (error instanceof ApiError) return `chatErrors.${error.message}`;
  return 'chatErrors.request_failed';
}

/** Whether a failed call was refused for the member's rank (403). */
export function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403;
}
