import { usernamePattern } from '@papo/contract/auth-limits';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api';
import { storeLogin } from '../../../lib/session';
import { login } from '../api/login';
import { checkedBy, useAuthForm } from '../hooks/use-auth-form';
import { failureText, fieldText } from '../lib/messages';
import { textLinkClass } from './auth-card';
import { usernameInput } from './auth-fields';
import { AuthForm } from './auth-form';
import { PasswordField } from './password-field';
import { FormField } from '../../../components/ui/form-field';
import { useTypedBeforeHydration } from '../../../hooks/use-typed-before-hydration';

/** Username (or e-mail) and password; a success stores the session and the screen moves on. */
export function LoginForm({ initialUsername }: { initialUsername: string }) {
  const { t } = useTranslation();
  const form = useAuthForm();
  const [username, setUsername] = useState(initialUsername);
  const [password, setPassword] = useState('');
  const usernameField = useTypedBeforeHydration<HTMLInputElement>(setUsername);
  const passwordField = useTypedBeforeHydration<HTMLInputElement>(setPassword);
  /** Set with a failure when the account still waits for its code: the name to confirm. */
  const [unverifiedUsername, setUnverifiedUsername] = useState<string | null>(null);

  const submit = form.submitWith(
    ({ loginBody }) => checkedBy(loginBody.safeParse({ username, password })),
    async (data) => {
      storeLogin(await login(data));
    },
    (error, data) => {
      setPassword('');
      const unverified = error instanceof ApiError && error.message === 'account_not_verified';
      setUnverifiedUsername(unverified && usernamePattern.test(data.username) ? data.username : null);
      form.setFailure(failureText(t, error));
    },
  );

  const failure = form.failure && (
    <>
      {form.failure}
      {unverifiedUsername && (
        <>
          {' '}
          <Link to={`${paths.register}?verify=${encodeURIComponent(unverifiedUsername)}`} className={textLinkClass}>
            {t('login.confirmAccount')}
          </Link>
        </>
      )}
    </>
  );

  return (
    <AuthForm
      form={form}
      onSubmit={submit}
      submitLabel={t('login.submit')}
      testId="login-form"
      failure={failure}
      failureTestId="login-error"
    >
      <FormField
        label={t('login.username')}
        {...usernameInput}
        ref={usernameField}
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        error={fieldText(t, form.errors, 'username')}
      />
      <div>
        <PasswordField
          label={t('login.password')}
          ref={passwordField}
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={fieldText(t, form.errors, 'password')}
        />
        <p className="mt-2 text-right text-sm">
          <Link to={paths.forgotPassword} className={textLinkClass}>
            {t('login.forgotPassword')}
          </Link>
        </p>
      </div>
    </AuthForm>
  );
}
