import type { TFunction } from 'i18next';
import { fieldErrors } from '@papo/contract/errors';

/** Field name → message keys, the shape of a 400's `errors` and of a failed client-side check. */
export type FieldErrors = Partial<Record<string, string[]>>;

/**
 * The client's own check of a form with its contract schema, first problem per field only, in the schema's
 * field order: an empty field is also "too short", and saying both is noise. (A server 400 may carry several.)
 */
export function checkFields(error: Parameters<typeof fieldErrors>[0]): Record<string, string[]> {
  const all = fieldErrors(error);
  return Object.fromEntries(Object.entries(all).map(([field, keys]) => [field, keys.slice(0, 1)]));
}

/**
 * Field keys (`email: ['invalid_email']`) as texts, the first key of each field, in a form's own words:
 * `<namespace>.<key>`, else its `<namespace>.invalid_value`.
 */
export function fieldKeyTexts(t: TFunction, keys: FieldErrors, namespace: string): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const [field, fieldKeys] of Object.entries(keys)) {
    const key = fieldKeys?.[0];
    if (key) texts[field] = t(`${namespace}.${key}`, { defaultValue: t(`${namespace}.invalid_value`) });
  }
  return texts;
}
