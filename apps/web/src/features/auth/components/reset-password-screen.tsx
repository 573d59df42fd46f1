import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api';
import { resetPassword } from '../api/password-reset';
import { useAuthForm, type AuthSchemas, type Checked } from '../hooks/use-auth-form';
import { checkFields, type FieldErrors } from '../../../lib/field-errors';
import { failureText, fieldText } from '../lib/messages';
import { AuthCard, FooterLink } from './auth-card';
import { NewPasswordField } from './auth-fields';
import { AuthForm } from './auth-form';
import { FormAlert } from './form-alert';
import { buttonClass } from '../../../components/ui/button';

/** done: the password changed; badLink: the token is missing, used or expired. */
type Outcome = 'done' | 'badLink';

/** The reset's end, good or bad: what happened, and a button-like link to the next step. */
function OutcomeCard({
  tone,
  testId,
  text,
  to,
  action,
}: {
  tone: 'success' | 'error';
  testId: string;
  text: string;
  to: string;
  action: string;
}) {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('passwordReset.resetTitle')} description={t('meta.resetPassword')}>
      <FormAlert tone={tone} testId={testId}>
        {text}
      </FormAlert>
      <Link to={to} className={`${buttonClass({ size: 'lg', block: true })} mt-6`}>
        {action}
      </Link>
    </AuthCard>
  );
}

/** /reset-password?token=…: a new password for the account of the mailed single-use link. */
export function ResetPasswordScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useAuthForm();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(token ? null : 'badLink');

  const check = ({ resetPasswordBody }: AuthSchemas): Checked<{ token: string; password: string }> => {
    const parsed = resetPasswordBody.safeParse({ token, password });
    const found: FieldErrors = parsed.success ? {} : checkFields(parsed.error);
    if (!found.password && repeat !== password) found.repeat = ['passwords_differ'];
    return parsed.success && !found.repeat ? { data: parsed.data } : { errors: found };
  };
  const submit = form.submitWith(
    check,
    async (data) => {
      await resetPassword(data.token, data.password);
      setOutcome('done');
    },
    (error) => {
      if (error instanceof ApiError && error.message === 'invalid_reset_token') setOutcome('badLink');
      else form.setFailure(failureText(t, error));
    },
  );

  if (outcome === 'done') {
    return (
      <OutcomeCard
        tone="success"
        testId="reset-done"
        text={t('passwordReset.done')}
        to={paths.login}
        action={t('passwordReset.goToLogin')}
      />
    );
  }
  if (outcome === 'badLink') {
    return (
      <OutcomeCard
        tone="error"
        testId="reset-bad-link"
        text={t('authErrors.invalid_reset_token')}
        to={paths.forgotPassword}
        action={t('passwordReset.requestNew')}
      />
    );
  }
  return (
    <AuthCard
      title={t('passwordReset.resetTitle')}
      description={t('meta.resetPassword')}
      intro={t('passwordReset.resetIntro')}
      footer={<FooterLink to={paths.login}>{t('passwordReset.backToLogin')}</FooterLink>}
    >
      <AuthForm form={form} onSubmit={submit} submitLabel={t('passwordReset.submit')}>
        <NewPasswordField
          label={t('passwordReset.newPassword')}
          value={password}
          onChange={setPassword}
          error={fieldText(t, form.errors, 'password')}
        />
        <NewPasswordField
          label={t('passwordReset.repeatPassword')}
          name="repeat"
          repeats
          value={repeat}
          onChange={setRepeat}
          error={fieldText(t, form.errors, 'repeat')}
        />
      </AuthForm>
    </AuthCard>
  );
}
