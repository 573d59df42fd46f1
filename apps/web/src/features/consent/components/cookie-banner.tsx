import { Cookie } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useCookieConsent } from '../hooks/use-cookie-consent';

/** Bottom banner asking for cookie consent until the visitor accepts or declines. */
export function CookieBanner() {
  const { t } = useTranslation();
  const { choice, choose } = useCookieConsent();
  if (choice !== null) return null;
  return (
    <section
      data-testid="cookie-banner"
      aria-label={t('cookies.label')}
      className="fixed inset-x-0 bottom-0 z-40 p-3 sm:p-4"
    >
      <div className="mx-auto flex max-w-3xl flex-col gap-4 rounded-lg bg-slate-900 p-4 text-slate-100 shadow-2xl ring-1 ring-white/10 sm:flex-row sm:items-center sm:p-5">
        <Cookie className="hidden size-8 shrink-0 text-emerald-300 sm:block" aria-hidden="true" />
        <p className="flex-1 text-sm leading-6">
          {t('cookies.text')}{' '}
          <Link
            to={paths.privacy}
            className="rounded font-semibold text-white underline underline-offset-4 hover:text-emerald-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-300"
          >
            {t('cookies.policyLink')}
          </Link>
        </p>
        <div className="flex shrink-0 gap-2">
          <button
            type="button"
            data-testid="cookie-decline"
            onClick={() => choose(false)}
            className="flex-1 rounded-lg border border-slate-500 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-300 sm:flex-none"
          >
            {t('cookies.decline')}
          </button>
          <button
            type="button"
            data-testid="cookie-accept"
            onClick={() => choose(true)}
            className="flex-1 rounded-lg bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-300 sm:flex-none"
          >
            {t('cookies.accept')}
          </button>
        </div>
      </div>
    </section>
  );
}
