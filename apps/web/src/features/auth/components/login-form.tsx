import { loginBody, usernamePattern } from '@papo/contract/auth';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api';
import { storeLogin } from '../../../lib/session';
import { login } from '../api/login';
import { useFocusFirstInvalid } from '../hooks/use-focus-first-invalid';
import { checkFields, failureText, type FieldErrors, fieldText } from '../lib/messages';
import { textLinkClass } from './auth-card';
import { FormAlert } from './form-alert';
import { PasswordField } from './password-field';
import { Button } from '../../../components/button';
import { FormField } from '../../../components/form-field';

interface Failure {
  text: string;
  /** Set when the account still waits for its code: the name to confirm. */
  unverifiedUsername: string | null;
}

/** Username (or e-mail) and password; a success stores the session and the screen moves on. */
export function LoginForm({ initialUsername }: { initialUsername: string }) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);
  const [username, setUsername] = useState(initialUsername);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = loginBody.safeParse({ username, password });
    if (!parsed.success) {
      setErrors(checkFields(parsed.error));
      focusFirstInvalid();
      return;
    }
    setErrors({});
    setFailure(null);
    setBusy(true);
    try {
      storeLogin(await login(parsed.data));
    } catch (error) {
      setBusy(false);
      setPassword('');
      const unverified = error instanceof ApiError && error.message === 'account_not_verified';
      const name = parsed.data.username;
      setFailure({ text: failureText(t, error), unverifiedUsername: unverified && usernamePattern.test(name) ? name : null });
    }
  };

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5" data-testid="login-form">
      {failure && (
        <FormAlert tone="error" testId="login-error">
          {failure.text}
          {failure.unverifiedUsername && (
            <>
              {' '}
              <Link to={`${paths.register}?verify=${encodeURIComponent(failure.unverifiedUsername)}`} className={textLinkClass}>
                {t('login.confirmAccount')}
              </Link>
            </>
          )}
        </FormAlert>
      )}
      <FormField
        label={t('login.username')}
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        required
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        error={fieldText(t, errors, 'username')}
      />
      <div>
        <PasswordField
          label={t('login.password')}
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={fieldText(t, errors, 'password')}
        />
        <p className="mt-2 text-right text-sm">
          <Link to={paths.forgotPassword} className={textLinkClass}>
            {t('login.forgotPassword')}
          </Link>
        </p>
      </div>
      <Button type="submit" size="lg" block busyLabel={t('authCommon.working')} busy={busy}>{t('login.submit')}</Button>
    </form>
  );
}
