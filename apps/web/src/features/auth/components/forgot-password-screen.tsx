import { forgotPasswordBody } from '@papo/contract/auth';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { requestPasswordReset } from '../api/password-reset';
import { useFocusFirstInvalid } from '../hooks/use-focus-first-invalid';
import { answerFieldErrors, checkFields, failureText, type FieldErrors, fieldText } from '../lib/messages';
import { AuthCard, textLinkClass } from './auth-card';
import { FormAlert } from './form-alert';
import { Button } from '../../../components/button';
import { FormField } from '../../../components/form-field';

/** /forgot-password: asks for the e-mail and mails a reset link; the answer is the same whether or not it has an account. */
export function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = forgotPasswordBody.safeParse({ email });
    if (!parsed.success) {
      setErrors(checkFields(parsed.error));
      focusFirstInvalid();
      return;
    }
    setErrors({});
    setFailure(null);
    setBusy(true);
    try {
      await requestPasswordReset(parsed.data.email);
      setSentTo(parsed.data.email);
    } catch (error) {
      const fields = answerFieldErrors(error);
      if (fields) setErrors(fields);
      else setFailure(failureText(t, error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title={t('passwordReset.forgotTitle')}
      intro={sentTo ? undefined : t('passwordReset.forgotIntro')}
      footer={
        <Link to={paths.login} className={textLinkClass}>
          {t('passwordReset.backToLogin')}
        </Link>
      }
    >
      {sentTo ? (
        <FormAlert tone="success" testId="forgot-sent">
          {t('passwordReset.sent', { email: sentTo })}
        </FormAlert>
      ) : (
        <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
          {failure && <FormAlert tone="error">{failure}</FormAlert>}
          <FormField
            label={t('passwordReset.email')}
            name="email"
            type="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={fieldText(t, errors, 'email')}
          />
          <Button type="submit" size="lg" block busyLabel={t('authCommon.working')} busy={busy}>{t('passwordReset.sendLink')}</Button>
        </form>
      )}
    </AuthCard>
  );
}
