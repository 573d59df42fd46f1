import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { useBrandName } from '../lib/company';

const linkClass =
  'rounded text-slate-600 underline-offset-4 hover:text-slate-900 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600';

/** Footer of the unlogged and default layouts: legal links and the copyright line. */
export function SiteFooter() {
  const { t } = useTranslation();
  const brand = useBrandName();
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="flex flex-wrap items-center justify-between gap-x-8 gap-y-3 px-4 py-6 text-sm sm:px-6 lg:px-8">
        <p className="text-slate-600">{t('footer.copyright', { brand })}</p>
        <nav aria-label={t('footer.navLabel')}>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            <li>
              <Link to={paths.terms} className={linkClass}>
                {t('legalNav.terms')}
              </Link>
            </li>
            <li>
              <Link to={paths.privacy} className={linkClass}>
                {t('legalNav.privacy')}
              </Link>
            </li>
            <li>
              <Link to={paths.AboutUs} className={linkClass}>
                {t('legalNav.about')}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
