import { NavLink } from 'react-router';
import clsx from 'clsx';
import { mainLinks, moreLinks, type MainLink } from '../config/main-links';
import { useMainLinkLabels } from './main-link-labels';
import { sectionIcons } from './section-icons';

function LinkItems({ links, onNavigate }: { links: readonly MainLink[]; onNavigate?: () => void }) {
  const labels = useMainLinkLabels();
  return links.map(({ name, to }) => {
    const Icon = sectionIcons[name];
    return (
      <li key={name}>
        <NavLink
          to={to}
          onClick={onNavigate}
          className={({ isActive }) =>
            clsx(
              'flex items-center gap-3 rounded-lg px-3 py-2.5 text-base font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600',
              isActive ? 'bg-emerald-50 text-emerald-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
            )
          }
        >
          <Icon className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
          {labels[name]}
        </NavLink>
      </li>
    );
  });
}

/**
 * Every public section as a vertical list of large touch targets (mobile menu and /mobileMenu page): the
 * specification's five first, then the others below a rule.
 */
export function MainLinkList({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <>
      <ul className="flex flex-col gap-1">
        <LinkItems links={mainLinks} onNavigate={onNavigate} />
      </ul>
      <ul className="mt-2 flex flex-col gap-1 border-t border-slate-200 pt-2">
        <LinkItems links={moreLinks} onNavigate={onNavigate} />
      </ul>
    </>
  );
}
