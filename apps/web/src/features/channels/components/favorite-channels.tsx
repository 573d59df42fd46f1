import { Star } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import clsx from 'clsx';
import { channelPath, paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { useFavoriteChannels } from '../api/get-favorite-channels';

const hintLinkClass =
  'rounded font-semibold text-emerald-700 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600';

/** Sidebar block with the member's favourite channels; visitors get a short invitation instead. */
export function FavoriteChannels({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const headingId = useId();
  const { data, isPending, isError } = useFavoriteChannels(session !== null);

  let body;
  if (!session) {
    body = (
      <p className="text-sm text-slate-600">
        {t('sidebar.favoritesVisitor')}{' '}
        <Link to={paths.login} onClick={onNavigate} className={hintLinkClass}>
          {t('nav.login')}
        </Link>
      </p>
    );
  } else if (isPending) {
    body = <p className="text-sm text-slate-500">{t('sidebar.loading')}</p>;
  } else if (isError) {
    body = <p className="text-sm text-slate-600">{t('sidebar.favoritesError')}</p>;
  } else if (!data?.length) {
    body = (
      <p className="text-sm text-slate-600">
        {t('sidebar.favoritesEmpty')}{' '}
        <Link to={paths.channels} onClick={onNavigate} className={hintLinkClass}>
          {t('sidebar.browseChannels')}
        </Link>
      </p>
    );
  } else {
    body = (
      <ul className="flex flex-col gap-0.5">
        {data.map((name) => (
          <li key={name}>
            <NavLink
              to={channelPath(name)}
              onClick={onNavigate}
              className={({ isActive }) =>
                clsx(
                  'block truncate rounded-lg px-3 py-1.5 font-mono text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600',
                  isActive ? 'bg-emerald-50 text-emerald-800' : 'text-slate-700 hover:bg-slate-100',
                )
              }
            >
              #{name}
            </NavLink>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-2 flex items-center gap-2 px-1 text-xs font-semibold uppercase tracking-wide text-slate-500">
        <Star className="size-3.5" aria-hidden="true" />
        {t('sidebar.favorites')}
      </h2>
      {body}
    </section>
  );
}
