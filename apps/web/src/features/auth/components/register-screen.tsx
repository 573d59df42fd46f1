import { usernamePattern } from '@papo/contract/auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { AuthCard, FooterLink } from './auth-card';
import { RegisterForm } from './register-form';
import { VerifyCodeStep } from './verify-code-step';

/** /register (members-area §2): the form, then the code step; `?verify=<username>` opens the code step directly. */
export function RegisterScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const [params] = useSearchParams();
  const [pending, setPending] = useState(() => {
    const name = params.get('verify')?.trim() ?? '';
    return usernamePattern.test(name) ? name : null;
  });

  if (session) return <Navigate to={paths.profile} replace />;
  if (pending) {
    return (
      <AuthCard title={t('verify.title')} intro={t('verify.intro')}>
        <VerifyCodeStep username={pending} />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={t('register.title')}
      intro={t('register.intro')}
      footer={
        <FooterLink question={t('register.haveAccount')} to={paths.login}>
          {t('register.login')}
        </FooterLink>
      }
    >
      <RegisterForm onRegistered={setPending} />
    </AuthCard>
  );
}
