import { passwordMax, passwordMin } from '@papo/contract/auth-limits';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/ui/form-field';
import { PasswordField } from './password-field';

/** The attributes of a username input: typed as is (no capital, correction or spell check), and required. */
export const usernameInput = {
  name: 'username',
  autoComplete: 'username',
  autoCapitalize: 'none',
  autoCorrect: 'off',
  spellCheck: false,
  required: true,
} as const;

interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Translated error text. */
  error: string | undefined;
}

/** The account's e-mail address (sign-up, forgotten password). */
export function EmailField({ label, value, onChange, error }: TextFieldProps) {
  return (
    <FormField
      label={label}
      name="email"
      type="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}

/** A new password, with its rules under it unless it repeats one (sign-up, password reset). */
export function NewPasswordField({
  label,
  name = 'password',
  repeats = false,
  value,
  onChange,
  error,
}: TextFieldProps & { name?: string; repeats?: boolean }) {
  const { t } = useTranslation();
  return (
    <PasswordField
      label={label}
      name={name}
      autoComplete="new-password"
      required
      maxLength={passwordMax}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      hint={repeats ? undefined : t('register.passwordRules', { min: passwordMin, max: passwordMax })}
      error={error}
    />
  );
}
