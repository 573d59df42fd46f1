import { CircleCheck, LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { UsernameCheck } from '../hooks/use-username-check';
import { authMessageText } from '../lib/messages';
import { usernameInput } from './auth-fields';
import { FormField } from '../../../components/ui/form-field';

interface UsernameFieldProps {
  value: string;
  onChange: (value: string) => void;
  check: UsernameCheck | null;
  /** Translated error from the last submit; wins over the check's message. */
  error?: string;
}

function CheckStatus({ check }: { check: UsernameCheck | null }) {
  const { t } = useTranslation();
  if (!check) return null;
  if (check.status === 'checking') {
    return (
      <span className="flex items-center gap-1.5 text-slate-600">
        <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
        {t('register.usernameChecking')}
      </span>
    );
  }
  if (check.status === 'available') {
    return (
      <span className="flex items-center gap-1.5 text-emerald-800" data-testid="username-status">
        <CircleCheck className="size-4" aria-hidden="true" />
        {t('register.usernameAvailable')}
      </span>
    );
  }
  return (
    <span className="text-red-700" data-testid="username-status">
      {authMessageText(t, check.reason ?? 'username_check_error')}
    </span>
  );
}

/** The username with its live availability check (members-area §5). */
export function UsernameField({ value, onChange, check, error }: UsernameFieldProps) {
  const { t } = useTranslation();
  const unavailable = check !== null && check.status !== 'checking' && check.status !== 'available';
  return (
    <FormField
      label={t('register.username')}
      {...usernameInput}
      maxLength={30}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      hint={t('register.usernameHint')}
      status={error ? null : <CheckStatus check={check} />}
      invalid={unavailable}
      error={error}
    />
  );
}
