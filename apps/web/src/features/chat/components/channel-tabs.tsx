import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import clsx from 'clsx';
import { channelPath } from '../../../config/paths';

/**
 * Tabs of the channel screen: the favourites, when the channel on screen is one (members-area §2).
 * Otherwise nothing: a lone tab would only repeat the heading, whose star makes it a favourite.
 */
export function ChannelTabs({ channel, favorites }: { channel: string; favorites: readonly string[] }) {
  const { t } = useTranslation();
  if (!favorites.includes(channel)) return null;
  const tabs = favorites;
  return (
    <nav aria-label={t('chat.tabsLabel')} className="-mx-1 overflow-x-auto" data-testid="channel-tabs">
      <ul className="flex gap-1 px-1 pb-1">
        {tabs.map((name) => (
          <li key={name} className="shrink-0">
            <NavLink
              to={channelPath(name)}
              className={({ isActive }) =>
                clsx(
                  'block rounded-lg px-3 py-1.5 font-mono text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600',
                  isActive ? 'bg-emerald-700 font-semibold text-white' : 'bg-white text-slate-700 ring-1 ring-inset ring-slate-200 hover:bg-slate-100',
                )
              }
            >
              #{name}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
