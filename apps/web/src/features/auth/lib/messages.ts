import type { TFunction } from 'i18next';
import { passwordMax, passwordMin } from '@papo/contract/auth';
import { fieldErrors } from '@papo/contract/errors';
import { ApiError, messageText } from '../../../lib/api';

/** Field name → message keys, the shape of a 400's `errors` and of a failed client-side check. */
export type FieldErrors = Partial<Record<string, string[]>>;

/** The text of a message key in this feature's words (`authErrors`), else the shared ones. */
export function authMessageText(t: TFunction, key: string): string {
  return messageText(t, key, 'authErrors', { min: passwordMin, max: passwordMax });
}

/** The text for a failed call; `noAnswerKey` names the case where the server never answered. */
export function failureText(t: TFunction, error: unknown, noAnswerKey = 'network_error'): string {
  if (!(error instanceof ApiError)) return t('errors.generic');
  return authMessageText(t, error.status === 0 ? noAnswerKey : error.message);
}

/** The first message of a field, translated; undefined when the field is fine. */
export function fieldText(t: TFunction, errors: FieldErrors, field: string): string | undefined {
  const keys = errors[field];
  return keys?.length ? keys.map((key) => authMessageText(t, key)).join(' ') : undefined;
}

/**
 * The client's own check of a form with its contract schema, first problem per field only: an empty
 * field is also "too short", and saying both is noise. (A server 400 may carry several; those are all shown.)
 */
export function checkFields(error: Parameters<typeof fieldErrors>[0]): FieldErrors {
  const all = fieldErrors(error);
  return Object.fromEntries(Object.entries(all).map(([field, keys]) => [field, keys.slice(0, 1)]));
}

/** Field errors of a 400 answer, or null when the failure is not about fields. */
export function answerFieldErrors(error: unknown): FieldErrors | null {
  return error instanceof ApiError && error.status === 400 && Object.keys(error.errors).length ? error.errors : null;
}
