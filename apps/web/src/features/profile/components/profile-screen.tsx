import type { UserProfile } from '@papo/contract/profile';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { ErrorState } from '../../../components/ui/load-state';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api';
import { readSession } from '../../../lib/session';
import { useUserProfile } from '../api/get-user-profile';
import { AboutYou } from './about-you';
import { AccountSecurity } from './account-security';
import { AccountDetails } from './account-details';
import { DeviceHistory } from './device-history';
import { DeviceNotifications } from './device-notifications';
import { NicknameSection } from './nickname-section';
import { ProfileSummary } from './profile-summary';
import { cardClass } from './styles';
import { WelcomeMessageForm } from './welcome-message-form';

/** members-area §8: a 401 'JWT Token not found' on userprofile sends the member to /login; so does a session the refresh could not save. */
function isSignedOut(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 401 &&
    (error.message === 'JWT Token not found' || readSession() === null)
  );
}

/** The Profile screen (/profile, members only): who the member is, their settings and their nicknames. */
export function ProfileScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, error, isPending, isError, refetch } = useUserProfile();

  useEffect(() => {
    if (isSignedOut(error)) void navigate(paths.login, { replace: true });
  }, [error, navigate]);

  let body;
  if (isPending) {
    body = <ProfileLoading />;
  } else if (isError) {
    body = <ErrorState title={t('profile.loadError')} onRetry={() => void refetch()} />;
  } else {
    body = <ProfileView profile={data} />;
  }

  return (
    <div className="mx-auto w-full max-w-3xl">
      <PageTitle title={t('profile.title')} />
      <h1 className="mb-6 text-2xl font-bold tracking-tight text-slate-900">{t('profile.title')}</h1>
      {body}
    </div>
  );
}

function ProfileView({ profile }: { profile: UserProfile }) {
  return (
    <div className="flex flex-col gap-6">
      <ProfileSummary profile={profile} />
      <AccountDetails profile={profile} />
      <AboutYou profile={profile} />
      <WelcomeMessageForm stored={profile.welcomeMessage} />
      <NicknameSection profile={profile} />
      <DeviceNotifications />
      <AccountSecurity />
      <DeviceHistory />
    </div>
  );
}

function ProfileLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-busy="true" className="flex flex-col gap-6">
      <span className="sr-only">{t('profile.loading')}</span>
      <div className={`${cardClass} flex animate-pulse items-center gap-5`} aria-hidden="true">
        <div className="size-24 shrink-0 rounded-full bg-slate-200" />
        <div className="flex flex-1 flex-col gap-3">
          <div className="h-5 w-2/5 rounded bg-slate-200" />
          <div className="h-4 w-1/4 rounded bg-slate-200" />
          <div className="h-8 w-32 rounded bg-slate-200" />
        </div>
      </div>
      <div className={`${cardClass} h-64 animate-pulse`} aria-hidden="true" />
    </div>
  );
}
