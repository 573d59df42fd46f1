import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, messageText } from '../../../lib/api';
import { failureText, fieldTextsOf, isTransient, retryDelay, type SaveState } from '../lib/article-save';

/**
 * How a failed save ends: a conflict, a failure tried again by itself (`failures` in a row make the wait grow), or a
 * refusal said beside its fields.
 */
export function useSaveFailure({
  showConflict,
  setSave,
  setFieldErrors,
}: {
  showConflict: () => Promise<void>;
  setSave: (state: SaveState) => void;
  setFieldErrors: (errors: Record<string, string>) => void;
}) {
  const { t } = useTranslation();
  const failures = useRef(0);
  const failed = useCallback(
    async (error: unknown) => {
      if (error instanceof ApiError && error.status === 412) {
        await showConflict();
        return;
      }
      if (isTransient(error)) {
        failures.current += 1;
        setSave({ kind: 'retrying', at: Date.now() + retryDelay(failures.current) });
        return;
      }
      const errors = error instanceof ApiError ? fieldTextsOf(t, error.errors) : {};
      if (error instanceof ApiError && error.message === 'slug_taken')
        errors.slug = messageText(t, 'slug_taken', 'editor.errors');
      setFieldErrors(errors);
      setSave({ kind: 'error', text: failureText(t, error) });
    },
    [setFieldErrors, setSave, showConflict, t],
  );
  return { failed, failures };
}
