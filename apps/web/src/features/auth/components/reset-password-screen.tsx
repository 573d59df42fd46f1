import { resetPasswordBody, passwordMax, passwordMin } from '@papo/contract/auth';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api';
import { resetPassword } from '../api/password-reset';
import { useFocusFirstInvalid } from '../hooks/use-focus-first-invalid';
import { answerFieldErrors, checkFields, failureText, type FieldErrors, fieldText } from '../lib/messages';
import { AuthCard, textLinkClass } from './auth-card';
import { FormAlert } from './form-alert';
import { PasswordField } from './password-field';
import { Button } from '../../../components/button';
import { buttonClass } from '../../../components/button';

/** done: the password changed; badLink: the token is missing, used or expired. */
type Outcome = 'done' | 'badLink';

/** /reset-password?token=…: a new password for the account of the mailed single-use link. */
export function ResetPasswordScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(token ? null : 'badLink');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = resetPasswordBody.safeParse({ token, password });
    const found: FieldErrors = parsed.success ? {} : checkFields(parsed.error);
    if (!found.password && repeat !== password) found.repeat = ['passwords_differ'];
    if (!parsed.success || found.repeat) {
      setErrors(found);
      focusFirstInvalid();
      return;
    }
    setErrors({});
    setFailure(null);
    setBusy(true);
    try {
      await resetPassword(parsed.data.token, parsed.data.password);
      setOutcome('done');
    } catch (error) {
      setBusy(false);
      const fields = answerFieldErrors(error);
      if (fields) {
        setErrors(fields);
        focusFirstInvalid();
      } else if (error instanceof ApiError && error.message === 'invalid_reset_token') {
        setOutcome('badLink');
      } else {
        setFailure(failureText(t, error));
      }
    }
  };

  if (outcome === 'done') {
    return (
      <AuthCard title={t('passwordReset.resetTitle')}>
        <FormAlert tone="success" testId="reset-done">
          {t('passwordReset.done')}
        </FormAlert>
        <Link to={paths.login} className={`${buttonClass({ size: 'lg', block: true })} mt-6`}>
          {t('passwordReset.goToLogin')}
        </Link>
      </AuthCard>
    );
  }
  if (outcome === 'badLink') {
    return (
      <AuthCard title={t('passwordReset.resetTitle')}>
        <FormAlert tone="error" testId="reset-bad-link">
          {t('authErrors.invalid_reset_token')}
        </FormAlert>
        <Link to={paths.forgotPassword} className={`${buttonClass({ size: 'lg', block: true })} mt-6`}>
          {t('passwordReset.requestNew')}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={t('passwordReset.resetTitle')}
      intro={t('passwordReset.resetIntro')}
      footer={
        <Link to={paths.login} className={textLinkClass}>
          {t('passwordReset.backToLogin')}
        </Link>
      }
    >
      <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
        {failure && <FormAlert tone="error">{failure}</FormAlert>}
        <PasswordField
          label={t('passwordReset.newPassword')}
          name="password"
          autoComplete="new-password"
          required
          maxLength={passwordMax}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          hint={t('register.passwordRules', { min: passwordMin, max: passwordMax })}
          error={fieldText(t, errors, 'password')}
        />
        <PasswordField
          label={t('passwordReset.repeatPassword')}
          name="repeat"
          autoComplete="new-password"
          required
          maxLength={passwordMax}
          value={repeat}
          onChange={(event) => setRepeat(event.target.value)}
          error={fieldText(t, errors, 'repeat')}
        />
        <Button type="submit" size="lg" block busyLabel={t('authCommon.working')} busy={busy}>{t('passwordReset.submit')}</Button>
      </form>
    </AuthCard>
  );
}
