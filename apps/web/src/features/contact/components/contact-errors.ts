import type { TFunction } from 'i18next';
import { errorText } from '../../../lib/api';
import { fieldKeyTexts, type FieldErrors } from '../../../lib/field-errors';

/** Field-level keys (`email: ['invalid_email']`) as translated texts, for the fields of this form only. */
export function contactFieldErrors(t: TFunction, keys: FieldErrors): Record<string, string> {
  return fieldKeyTexts(t, keys, 'contact.errors');
}

/** The short sentence shown when sending failed: this form's text for the server's key, else the shared ones. */
export function contactErrorText(t: TFunction, error: unknown): string {
  return errorText(t, error, 'contact.errors');
}
