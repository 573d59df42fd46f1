import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { requestPasswordReset } from '../api/password-reset';
import { checkedBy, useAuthForm } from '../hooks/use-auth-form';
import { fieldText } from '../lib/messages';
import { AuthCard, FooterLink } from './auth-card';
import { EmailField } from './auth-fields';
import { AuthForm } from './auth-form';
import { FormAlert } from './form-alert';

/** /forgot-password: asks for the e-mail and mails a reset link; the answer is the same whether or not it has an account. */
export function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const form = useAuthForm();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = form.submitWith(
    ({ forgotPasswordBody }) => checkedBy(forgotPasswordBody.safeParse({ email })),
    async (data) => {
      await requestPasswordReset(data.email);
      setSentTo(data.email);
    },
  );

  return (
    <AuthCard
      title={t('passwordReset.forgotTitle')}
      description={t('meta.forgotPassword')}
      intro={sentTo ? undefined : t('passwordReset.forgotIntro')}
      footer={<FooterLink to={paths.login}>{t('passwordReset.backToLogin')}</FooterLink>}
    >
      {sentTo ? (
        <FormAlert tone="success" testId="forgot-sent">
          {t('passwordReset.sent', { email: sentTo })}
        </FormAlert>
      ) : (
        <AuthForm form={form} onSubmit={submit} submitLabel={t('passwordReset.sendLink')}>
          <EmailField
            label={t('passwordReset.email')}
            value={email}
            onChange={setEmail}
            error={fieldText(t, form.errors, 'email')}
          />
        </AuthForm>
      )}
    </AuthCard>
  );
}
