import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import clsx from 'clsx';
import { useMainLinkLabels } from '../../components/main-links';
import { mainLinks } from '../../config/main-links';
import { useRouteHandle } from '../routes/route-handle';

/** Header navigation of the main sections (desktop); the section of the current route is highlighted. */
export function TopNav() {
  const { t } = useTranslation();
  const labels = useMainLinkLabels();
  const current = useRouteHandle()?.name;
  return (
    <nav aria-label={t('a11y.mainNav')} className="hidden lg:block">
      <ul className="flex items-center gap-1">
        {mainLinks.map(({ name, to, section }) => {
          const active = current !== undefined && section.includes(current);
          return (
            <li key={name}>
              <Link
                to={to}
                aria-current={active ? 'page' : undefined}
                className={clsx(
                  'rounded-lg px-3 py-2 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600',
                  active ? 'bg-emerald-50 text-emerald-800' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                )}
              >
                {labels[name]}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
