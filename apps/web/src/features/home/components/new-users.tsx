import { BadgeCheck, UsersRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLatestUsers } from '../api/home';
import { HomeSection, SectionError, SectionSkeleton } from './home-section';

/** The newest registered members, by nickname, with a verified badge (public-site §2.4). */
export function NewUsers() {
  const { t } = useTranslation();
  const users = useLatestUsers();
  let body;
  if (users.isPending) body = <SectionSkeleton lines={4} label={t('homeSections.users.loading')} />;
  else if (users.isError)
    body = <SectionError text={t('homeSections.users.error')} onRetry={() => void users.refetch()} />;
  else if (!users.data.length) body = <p className="text-sm text-slate-600">{t('homeSections.users.empty')}</p>;
  else
    body = (
      <ul className="flex flex-wrap gap-2">
        {users.data.map((user) => (
          <li
            key={user.nickname}
            className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-800"
          >
            {user.nickname}
            {user.isVerified && (
              <BadgeCheck
                className="size-4 text-emerald-700"
                aria-label={t('homeSections.users.verified')}
                role="img"
              />
            )}
          </li>
        ))}
      </ul>
    );
  return (
    <HomeSection id="home-users" title={t('homeSections.users.title')} icon={UsersRound}>
      {body}
    </HomeSection>
  );
}
