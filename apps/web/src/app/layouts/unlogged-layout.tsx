import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import clsx from 'clsx';
import { SiteFooter } from '../../components/site-footer';
import { SkipLink } from '../../components/ui/skip-link';
import { defaultChannel } from '@papo/contract/channel-names';
import { channelPath, paths } from '../../config/paths';
import { Island } from '../../islands/island';
import { Header } from './header';

/** Unlogged layout (static pages): a sidebar with the four fixed links, the page and the footer. */
export function UnloggedLayout() {
  const { t } = useTranslation();
  const links = [
    { to: paths.AboutUs, label: t('legalNav.about') },
    { to: paths.terms, label: t('legalNav.terms') },
    { to: paths.privacy, label: t('legalNav.privacy') },
    { to: channelPath(defaultChannel), label: t('legalNav.accessChannel') },
  ];
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <SkipLink />
      <Island name="plain-header" component={Header} props={{}} />
      <div className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-6 px-4 py-6 sm:px-6 lg:flex-row lg:gap-10 lg:py-10">
        <div className="lg:w-56 lg:shrink-0">
          {/* its id puts the next page's in its place on a public pages' navigation (the current link moves). */}
          <nav id="page-nav" aria-label={t('legalNav.label')} className="lg:sticky lg:top-24">
            <ul className="flex flex-wrap gap-2 lg:flex-col lg:gap-1">
              {links.map(({ to, label }) => (
                <li key={to}>
                  <NavLink
                    to={to}
                    className={({ isActive }) =>
                      clsx(
                        'block rounded-lg px-3 py-2 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600',
                        isActive
                          ? 'bg-emerald-700 text-white'
                          : 'border border-slate-200 bg-white text-slate-700 hover:bg-slate-100 lg:border-transparent lg:bg-transparent',
                      )
                    }
                  >
                    {label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <main id="main-content" data-layout="unlogged" tabIndex={-1} className="min-w-0 flex-1 focus:outline-none">
          <Outlet />
        </main>
      </div>
      <SiteFooter />
    </div>
  );
}
