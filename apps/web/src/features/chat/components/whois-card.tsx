import { instagramUrl, youtubeUrl } from '@papo/contract/profile';
import { LoaderCircle, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { isLanguage, languageNames } from '../../../lib/i18n';
import { useWhois } from '../api/nickserv-whois';
import { Dialog } from '../../../components/ui/dialog';

const linkClass =
  'break-all font-medium text-emerald-800 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_1fr] gap-2 py-2 text-sm">
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 text-slate-900">{children}</dd>
    </div>
  );
}

/** NickServ's whois card: picture, gender, language, age, Instagram, YouTube and welcome message. */
export function WhoisCard({ nickname, onClose }: { nickname: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, isPending, error } = useWhois(nickname);
  const none = t('whois.none');

  let body: ReactNode;
  if (isPending) {
    body = (
      <p role="status" className="flex items-center gap-2 py-6 text-sm text-slate-600">
        <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
        {t('whois.loading')}
      </p>
    );
  } else if (error || !data) {
    const unknown = error instanceof ApiError && error.status === 404;
    body = (
      <p role="alert" className="py-6 text-sm text-slate-700">
        {unknown ? t('whois.unknown', { nickname }) : t('whois.failed')}
      </p>
    );
  } else {
    const info = data.data;
    body = (
      <div data-testid="whois-card">
        <div className="flex items-center gap-4 pb-3">
          {info.profileImage ? (
            <img
              src={info.profileImage}
              alt={t('whois.picture', { nickname })}
              className="size-16 rounded-full border border-slate-200 object-cover"
            />
          ) : (
            <span
              className="grid size-16 place-items-center rounded-full bg-slate-100 text-slate-500"
              aria-hidden="true"
            >
              <UserRound className="size-8" />
            </span>
          )}
          <p className="min-w-0 break-words text-base font-semibold text-slate-900">{info.nickname}</p>
        </div>
        <dl className="divide-y divide-slate-100 border-t border-slate-100">
          <Row label={t('whois.gender')}>
            {t(`whois.genders.${info.gender ?? 'unknown'}`, { defaultValue: t('whois.genders.unknown') })}
          </Row>
          <Row label={t('whois.language')}>
            {isLanguage(data.language) ? <span lang={data.language}>{languageNames[data.language]}</span> : none}
          </Row>
          <Row label={t('whois.age')}>{info.age === null ? none : t('whois.years', { count: info.age })}</Row>
          <Row label="Instagram">
            {info.instagram ? (
              <a href={instagramUrl(info.instagram)} target="_blank" rel="noopener noreferrer" className={linkClass}>
                @{info.instagram}
              </a>
            ) : (
              none
            )}
          </Row>
          <Row label="YouTube">
            {info.youtube ? (
              <a href={youtubeUrl(info.youtube)} target="_blank" rel="noopener noreferrer" className={linkClass}>
                {info.youtube}
              </a>
            ) : (
              none
            )}
          </Row>
          <Row label={t('whois.welcome')}>
            {info.welcomeMessage ? (
              <span className="whitespace-pre-line break-words">{info.welcomeMessage}</span>
            ) : (
              none
            )}
          </Row>
        </dl>
      </div>
    );
  }

  return (
    <Dialog sheet title={t('whois.title', { nickname })} onClose={onClose} testId="whois-dialog">
      {body}
    </Dialog>
  );
}
