import type { TFunction } from 'i18next';
import { ApiError, errorText } from '../../../lib/api';

/** A failed conversation call as one sentence: this feature's texts for the server's key, else the shared ones. */
export function pvtErrorText(t: TFunction, error: unknown): string {
  return errorText(t, error, 'pvt.errors');
}

/** The conversation is not ours to read (or does not exist): a state of the screen, not a failure to retry. */
export function isNotAvailable(error: unknown): boolean {
  return error instanceof ApiError && [400, 403, 404].includes(error.status);
}
