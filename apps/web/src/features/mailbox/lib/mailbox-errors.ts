import type { TFunction } from 'i18next';
import { ApiError, errorText } from '../../../lib/api';
import { fieldKeyTexts, type FieldErrors } from '../../../lib/field-errors';

/** A failed mailbox call as one short sentence: session and permission first, then the server's key, then shared texts. */
export function mailboxErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return t('mailbox.errors.session_expired');
    if (error.status === 403) return t('mailbox.errors.forbidden');
  }
  return errorText(t, error, 'mailbox.errors');
}

/** Field keys (`to: ['invalid_email']`) as translated texts, the first key of each field. */
export function mailboxFieldErrors(t: TFunction, keys: FieldErrors): Record<string, string> {
  return fieldKeyTexts(t, keys, 'mailbox.errors');
}
