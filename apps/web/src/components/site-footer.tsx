import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { sectionLinks } from '../config/main-links';
import { useBrandName } from '../lib/company';
import { useMainLinkLabels } from './main-link-labels';

// each link is at least 24 × 24 px (WCAG 2.5.8 target size): a line of small text alone is 16 px high and
// "Bio" 22 px wide, which left the stacked links' safe spacing under 24 px.
const linkClass =
  'inline-flex min-h-6 min-w-6 items-center rounded text-slate-600 underline-offset-4 hover:text-slate-900 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600';

/** Footer of the unlogged and default layouts: the site map (every public section), the legal links and the copyright line. */
export function SiteFooter() {
  const { t } = useTranslation();
  const brand = useBrandName();
  const labels = useMainLinkLabels();
  const site = [
    { to: paths.terms, label: t('legalNav.terms') },
    { to: paths.privacy, label: t('legalNav.privacy') },
    { to: paths.AboutUs, label: t('legalNav.about') },
    { to: paths.contact, label: t('footer.contact') },
    { to: paths.irc, label: t('footer.irc', { brand }) },
  ];
  return (
    <footer className="border-t border-slate-200 bg-white">
      <nav
        aria-label={t('footer.navLabel')}
        className="grid gap-6 px-4 pt-6 text-sm sm:grid-cols-[2fr_1fr] sm:px-6 lg:px-8"
      >
        <div>
          <h2 className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">{t('footer.sections')}</h2>
          <ul className="grid grid-cols-2 gap-x-6 gap-y-1 sm:grid-cols-3">
            {sectionLinks.map(({ name, to }) => (
              <li key={name}>
                <Link to={to} className={linkClass}>
                  {labels[name]}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">{t('footer.site')}</h2>
          <ul className="flex flex-col gap-y-1">
            {site.map(({ to, label }) => (
              <li key={to}>
                <Link to={to} className={linkClass}>
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </nav>
      <p className="px-4 py-6 text-sm text-slate-600 sm:px-6 lg:px-8">
        {t('footer.copyright', { brand, year: new Date().getFullYear() })}
      </p>
    </footer>
  );
}
