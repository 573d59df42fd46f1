import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast';
import { failureText } from '../lib/failure-text';

/** Short messages for the profile's calls: a confirmation, or the translated reason a call failed. */
export function useProfileToast() {
  const { t } = useTranslation();
  const toast = useToast();
  return useMemo(
    () => ({
      success: (message: string) => toast.show({ message, tone: 'success' }),
      failure: (error: unknown, field?: string) => toast.show({ message: failureText(t, error, field), tone: 'error' }),
    }),
    [t, toast],
  );
}
