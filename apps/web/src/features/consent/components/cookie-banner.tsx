import { Cookie } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useCookieConsent } from '../hooks/use-cookie-consent';
import { Button } from '../../../components/ui/button';

/**
 * Bottom banner asking for cookie consent until the visitor accepts or declines. It sticks to the bottom
 * at the end of the page, taking its own room, so whatever it passes over (a form's submit button) scrolls
 * clear of it; focus moving under it scrolls past it too. On phones it is two short lines and the buttons.
 */
export function CookieBanner() {
  const { t, i18n } = useTranslation();
  const { choice, choose } = useCookieConsent();
  const ref = useRef<HTMLElement>(null);
  const open = choice === null;

  // its height changes with the width and the language only.
  useEffect(() => {
    const banner = ref.current;
    if (!open || !banner) return;
    const root = document.documentElement;
    // a screen the window's height (the chat) leaves the banner its room through the variable instead of
    // growing a page scroll under it.
    const reserve = () => {
      root.style.scrollPaddingBottom = `${banner.offsetHeight}px`;
      root.style.setProperty('--cookie-banner-height', `${banner.offsetHeight}px`);
    };
    reserve();
    window.addEventListener('resize', reserve);
    return () => {
      window.removeEventListener('resize', reserve);
      root.style.scrollPaddingBottom = '';
      root.style.removeProperty('--cookie-banner-height');
    };
  }, [open, i18n.language]);

  if (!open) return null;
  return (
    <section
      ref={ref}
      data-testid="cookie-banner"
      aria-label={t('cookies.label')}
      className="sticky inset-x-0 bottom-0 z-40 p-2 sm:p-4"
    >
      <div className="mx-auto flex max-w-3xl flex-col gap-2 rounded-lg bg-slate-900 p-3 text-slate-100 shadow-2xl ring-1 ring-white/10 sm:flex-row sm:items-center sm:gap-4 sm:p-5">
        <Cookie className="hidden size-8 shrink-0 text-emerald-300 sm:block" aria-hidden="true" />
        <p className="flex-1 text-xs leading-5 sm:text-sm sm:leading-6">
          <span className="sm:hidden">{t('cookies.short')}</span>
          <span className="hidden sm:inline">{t('cookies.text')}</span>{' '}
          <Link
            to={paths.privacy}
            className="rounded font-semibold text-white underline underline-offset-4 hover:text-emerald-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-300"
          >
            <span className="sm:hidden">{t('cookies.policyShort')}</span>
            <span className="hidden sm:inline">{t('cookies.policyLink')}</span>
          </Link>
        </p>
        <div className="flex shrink-0 gap-2">
          <Button
            variant="plain"
            data-testid="cookie-decline"
            onClick={() => choose(false)}
            className="flex-1 rounded-lg border border-slate-500 px-4 py-1.5 text-sm font-semibold sm:py-2 text-white hover:bg-slate-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-300 sm:flex-none"
          >
            {t('cookies.decline')}
          </Button>
          <Button
            variant="plain"
            data-testid="cookie-accept"
            onClick={() => choose(true)}
            className="flex-1 rounded-lg bg-emerald-700 px-4 py-1.5 text-sm font-semibold sm:py-2 text-white hover:bg-emerald-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-300 sm:flex-none"
          >
            {t('cookies.accept')}
          </Button>
        </div>
      </div>
    </section>
  );
}
