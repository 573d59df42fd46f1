import { Activity, BookOpen, FileText, GraduationCap, Images, Newspaper, Store, UserRound, Wrench } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import clsx from 'clsx';
import { paths } from '../../config/paths';
import { isAdmin, useSession } from '../../lib/session';

/** Sidebar tools for administrators and moderators (public-site §2.5); operations for administrators only. */
export function StaffTools({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const admin = isAdmin(useSession());
  const tools = [
    { to: paths.albums, label: t('sidebar.tools.albums'), icon: Store },
    { to: paths.courseAdd, label: t('sidebar.tools.courses'), icon: GraduationCap },
    { to: paths.editor_ls, label: t('sidebar.tools.lyrics'), icon: BookOpen },
    { to: paths.BioEdit, label: t('sidebar.tools.bio'), icon: UserRound },
    { to: paths.newsPicker, label: t('sidebar.tools.news'), icon: Newspaper },
    { to: paths.editor_articles, label: t('sidebar.tools.articles'), icon: FileText },
    { to: paths.upload, label: t('sidebar.tools.images'), icon: Images },
    ...(admin ? [{ to: paths.operations, label: t('sidebar.tools.operations'), icon: Activity }] : []),
  ];
  return (
    <section aria-labelledby="sidebar-tools">
      <h2
        id="sidebar-tools"
        className="mb-2 flex items-center gap-2 px-1 text-xs font-semibold uppercase tracking-wide text-slate-500"
      >
        <Wrench className="size-3.5" aria-hidden="true" />
        {t('sidebar.tools.title')}
      </h2>
      <ul className="flex flex-col gap-0.5">
        {tools.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              onClick={onNavigate}
              className={({ isActive }) =>
                clsx(
                  'flex items-center gap-3 rounded-lg px-3 py-1.5 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600',
                  isActive ? 'bg-emerald-50 text-emerald-800' : 'text-slate-700 hover:bg-slate-100',
                )
              }
            >
              <Icon className="size-4 text-slate-500" aria-hidden="true" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
