import type { UserProfile } from '@papo/contract/profile';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { initialsOf } from '../../../lib/session';
import { PictureUpload } from './picture-upload';
import { cardClass } from './styles';

/** The profile's head: picture with its change control, name, username and status. */
export function ProfileSummary({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const nameId = useId();
  return (
    <section aria-labelledby={nameId} className={cardClass}>
      <div className="flex flex-col items-center gap-5 text-center sm:flex-row sm:items-start sm:text-left">
        <Avatar profile={profile} />
        <div className="flex min-w-0 flex-1 flex-col items-center gap-1 sm:items-start">
          <h2 id={nameId} className="max-w-full break-words text-xl font-semibold text-slate-900">
            {profile.name}
          </h2>
          <p className="max-w-full break-all text-sm text-slate-600">@{profile.username}</p>
          <p className="mt-1 inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-inset ring-emerald-600/20">
            <span className="size-1.5 rounded-full bg-emerald-600" aria-hidden="true" />
            <span className="sr-only">{t('profile.status.label')}: </span>
            {t('profile.status.active')}
          </p>
          <PictureUpload />
        </div>
      </div>
    </section>
  );
}

// the same initials as the header's account circle, which derives them on the client too.
function Avatar({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const frame = 'size-24 shrink-0 rounded-full ring-4 ring-white shadow-md sm:size-28';
  if (profile.profileImage) {
    return (
      <img
        src={profile.profileImage}
        alt={t('profile.picture.alt', { name: profile.name })}
        width={112}
        height={112}
        className={`${frame} bg-slate-100 object-cover`}
      />
    );
  }
  return (
    <div
      className={`${frame} grid place-items-center bg-emerald-700 text-3xl font-semibold text-white`}
      aria-hidden="true"
    >
      {initialsOf(profile.name) || profile.userInitials}
    </div>
  );
}
