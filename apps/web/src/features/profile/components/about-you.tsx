import { instagramUrl, youtubeUrl, type UserProfile } from '@papo/contract/profile';
import { ExternalLink, Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatBirthday, todayIso } from '../lib/format';
import { SetOnceField } from './set-once-field';
import { cardClass, cardTitle } from './styles';

/** Birthday, Instagram and YouTube: inputs while empty, read-only once set (the server refuses a second change). */
export function AboutYou({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const anyUnset = !profile.birthday || !profile.instagram || !profile.youtube;
  return (
    <section aria-labelledby="profile-about" className={cardClass}>
      <h2 id="profile-about" className={cardTitle}>
        {t('profile.about.title')}
      </h2>
      {anyUnset && (
        <p className="mt-2 flex items-start gap-2 text-sm text-slate-600">
          <Info className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
          {t('profile.about.setOnceHint')}
        </p>
      )}
      <dl className="mt-4 flex flex-col gap-5">
        <SetOnceField
          field="birthday"
          label={t('profile.about.birthday')}
          savedMessage={t('profile.about.birthdaySaved')}
          value={profile.birthday}
          emptyText={t('profile.about.noBirthday')}
          input={{ type: 'date', max: todayIso(), min: '1900-01-01', autoComplete: 'bday' }}
          display={(birthday) => formatBirthday(birthday)}
          preview={(birthday) => formatBirthday(birthday)}
        />
        <SetOnceField
          field="instagram"
          label={t('profile.about.instagram')}
          savedMessage={t('profile.about.instagramSaved')}
          value={profile.instagram}
          input={{
            type: 'text',
            placeholder: t('profile.about.instagramPlaceholder'),
            maxLength: 200,
            spellCheck: false,
          }}
          display={(handle) => <ProfileLink href={instagramUrl(handle)} text={`@${handle}`} />}
        />
        <SetOnceField
          field="youtube"
          label={t('profile.about.youtube')}
          savedMessage={t('profile.about.youtubeSaved')}
          value={profile.youtube}
          input={{
            type: 'text',
            placeholder: t('profile.about.youtubePlaceholder'),
            maxLength: 200,
            spellCheck: false,
          }}
          display={(path) => <ProfileLink href={youtubeUrl(path)} text={path} />}
        />
      </dl>
    </section>
  );
}

function ProfileLink({ href, text }: { href: string; text: string }) {
  const { t } = useTranslation();
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex max-w-full items-center gap-1 break-all rounded font-medium text-emerald-800 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
    >
      {text}
      <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
      <span className="sr-only">{t('profile.about.opensInNewTab')}</span>
    </a>
  );
}
