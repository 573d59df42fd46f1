import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SidebarSection, sidebarLinkClass } from '../../../components/sidebar-section';
import { Link, NavLink } from 'react-router';
import { channelPath, paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { useFavoriteChannels } from '../../../lib/favorite-channels/get-favorite-channels';

const hintLinkClass =
  'rounded font-semibold text-emerald-700 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600';

/** Sidebar block with the member's favourite channels; visitors get a short invitation instead. */
export function FavoriteChannels({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
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
              className={({ isActive }) => sidebarLinkClass(isActive, 'block truncate font-mono')}
            >
              #{name}
            </NavLink>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <SidebarSection icon={Star} title={t('sidebar.favorites')}>
      {body}
    </SidebarSection>
  );
}
