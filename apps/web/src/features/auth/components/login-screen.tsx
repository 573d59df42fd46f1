import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { readSignedOutNotice } from '../../../lib/signed-out-notice';
import type { SignOutAnswer } from '@papo/contract/sign-out';
import { clearVerifiedNotice, readVerifiedNotice, type VerifiedNotice } from '../lib/verified-notice';
import { AuthCard, FooterLink } from './auth-card';
import { FormAlert } from './form-alert';
import { GoogleSignInOption } from './google-sign-in';
import { LoginForm } from './login-form';

/** /login (members-area §2): the form, the account-verified banner, Google when offered, and the way to /register. */
export function LoginScreen() {
  const { t } = useTranslation();
  const session = useSession();
  // read once mounted, not while rendering: the server renders this page (it has no localStorage) and the
  // browser's first render must match it; the banner and the username follow at once.
  const [notice, setNotice] = useState<VerifiedNotice | null>(null);
  const [signedOut, setSignedOut] = useState<SignOutAnswer['reason'] | null>(null);
  useEffect(() => {
    setSignedOut(readSignedOutNotice());
    const stored = readVerifiedNotice();
    if (!stored) return;
    setNotice(stored);
    clearVerifiedNotice();
  }, []);

  // also the way out after a successful sign-in: storing the session re-renders this screen.
  if (session) return <Navigate to={paths.profile} replace />;
  return (
    <AuthCard
      title={t('login.title')}
      description={t('meta.login')}
      intro={t('login.intro')}
      footer={
        <FooterLink question={t('login.noAccount')} to={paths.register}>
          {t('login.createAccount')}
        </FooterLink>
      }
    >
      {signedOut && (
        <div className="mb-5">
          <FormAlert tone="error" testId="signed-out-banner">
            {t(`login.signedOut.${signedOut}`)}
          </FormAlert>
        </div>
      )}
      {notice && (
        <div className="mb-5">
          <FormAlert tone="success" testId="verified-banner">
            {t('login.verified')}
          </FormAlert>
        </div>
      )}
      <LoginForm key={notice ? 'verified' : 'plain'} initialUsername={notice?.username ?? ''} />
      <GoogleSignInOption />
    </AuthCard>
  );
}
