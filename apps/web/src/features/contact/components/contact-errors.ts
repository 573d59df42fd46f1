import type { TFunction } from 'i18next';
import { errorText } from '../../../lib/api';

/** Field-level keys (`email: ['invalid_email']`) as translated texts, for the fields of this form only. */
export function contactFieldErrors(t: TFunction, keys: Record<string, string[] | undefined>): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const [field, fieldKeys] of Object.entries(keys)) {
    const key = fieldKeys?.[0];
    if (key) texts[field] = t(`contact.errors.${key}`, { defaultValue: t('contact.errors.invalid_value') });
  }
  return texts;
}

/** The short sentence shown when sending failed: this form's text for the server's key, else the shared ones. */
export function contactErrorText(t: TFunction, error: unknown): string {
  return errorText(t, error, 'contact.errors');
}
