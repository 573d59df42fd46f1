import { usernamePattern } from '@papo/contract/auth-limits';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { AuthCard, FooterLink } from './auth-card';
import { RegisterForm } from './register-form';

// the code step (with react-i18next's <Trans>, ~4 KiB gzipped) loads when it is shown, not with the form (decision 019).
const VerifyCodeStep = lazy(() => import('./verify-code-step').then((m) => ({ default: m.VerifyCodeStep })));

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
      <AuthCard title={t('verify.title')} description={t('meta.register')} intro={t('verify.intro')}>
        <Suspense fallback={null}>
          <VerifyCodeStep username={pending} />
        </Suspense>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={t('register.title')}
      description={t('meta.register')}
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
