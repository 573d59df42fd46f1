import type { TFunction } from 'i18next';
import { ApiError, errorText } from '../../../lib/api';

/** The most specific key of a failed call: the field's own key when the server named one, else its message. */
function failureKey(error: unknown, field?: string): string | null {
  if (!(error instanceof ApiError)) return null;
  const fieldKey = field ? error.errors[field]?.[0] : undefined;
  return fieldKey ?? Object.values(error.errors)[0]?.[0] ?? error.message;
}

/** A translated sentence for a failed profile call: profile texts first, then the shared error texts. */
export function failureText(t: TFunction, error: unknown, field?: string): string {
  const key = failureKey(error, field);
  const text = key ? t(`profileErrors.${key}`, { defaultValue: '' }) : '';
  return text || errorText(t, error);
}

/** True when the server refused what was typed (the reader can fix it in place), not when the call itself failed. */
export function isInputProblem(error: unknown): boolean {
  return error instanceof ApiError && [400, 409, 413, 422].includes(error.status);
}
