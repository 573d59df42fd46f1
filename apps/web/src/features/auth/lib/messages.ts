import type { TFunction } from 'i18next';
import { passwordMax, passwordMin } from '@papo/contract/auth-limits';
import { ApiError, messageText } from '../../../lib/api';
import type { FieldErrors } from '../../../lib/field-errors';

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

/** Field errors of a 400 answer, or null when the failure is not about fields. */
export function answerFieldErrors(error: unknown): FieldErrors | null {
  return error instanceof ApiError && error.status === 400 && Object.keys(error.errors).length ? error.errors : null;
}
