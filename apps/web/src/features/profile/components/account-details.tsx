import { genders, type UserProfile } from '@papo/contract/profile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage, languageNames, languages } from '../../../lib/i18n';
import { formatCount, formatLongDate } from '../lib/format';
import { PreferenceItem } from './preference-item';
import { cardClass, cardTitle } from './styles';
import { isOneOf } from '@papo/contract/one-of';

/** The account's facts (id, email, member since, coins, roles) and the language and gender choices. */
export function AccountDetails({ profile }: { profile: UserProfile }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const genderOptions = genders.map((value) => ({ value, label: t(`gender.${value}`) }));
  const languageOptions = languages.map((value) => ({ value, label: languageNames[value], lang: value }));
  const currentGender = isOneOf(genders, profile.gender) ? profile.gender : null;

  return (
    <section aria-labelledby="profile-account" className={cardClass}>
      <h2 id="profile-account" className={cardTitle}>
        {t('profile.details.title')}
      </h2>
      <dl className="mt-4 grid gap-x-6 gap-y-4 sm:grid-cols-2">
        <Item label={t('profile.details.id')}>{profile.id}</Item>
        <Item label={t('profile.details.email')}>
          <span className="break-all">{profile.email}</span>
        </Item>
        <Item label={t('profile.details.memberSince')}>
          <time dateTime={profile.createdAt}>{formatLongDate(profile.createdAt, language)}</time>
        </Item>
        <Item label={t('profile.details.coins')}>{formatCount(profile.coinBalance, language)}</Item>
        <PreferenceItem
          field="language"
          label={t('profile.details.language')}
          changeLabel={t('profile.details.changeLanguage')}
          dialogTitle={t('profile.dialogs.languageTitle')}
          savedMessage={(t) => t('profile.dialogs.languageSaved')}
          valueText={isLanguage(profile.language) ? languageNames[profile.language] : profile.language}
          valueLang={isLanguage(profile.language) ? profile.language : undefined}
          options={languageOptions}
          current={isLanguage(profile.language) ? profile.language : null}
          onSaved={(value) => (isLanguage(value) ? changeLanguage(value) : undefined)}
        />
        <PreferenceItem
          field="gender"
          label={t('profile.details.gender')}
          changeLabel={t('profile.details.changeGender')}
          dialogTitle={t('profile.dialogs.genderTitle')}
          savedMessage={(t) => t('profile.dialogs.genderSaved')}
          valueText={t(`gender.${currentGender ?? 'unknown'}`)}
          options={genderOptions}
          current={currentGender}
        />
        <Item label={t('profile.details.roles')} wide>
          <RoleList roles={profile.roles} />
        </Item>
      </dl>
    </section>
  );
}

/** One fact of the list: its name above its value. */
function Item({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

function RoleList({ roles }: { roles: string[] }) {
  const { t } = useTranslation();
  if (!roles.length) return <span className="text-slate-600">{t('profile.details.noRoles')}</span>;
  return (
    <ul className="flex flex-wrap gap-2">
      {roles.map((role) => (
        <li key={role} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">
          {t(`profile.roles.${role}`, { defaultValue: role })}
        </li>
      ))}
    </ul>
  );
}
