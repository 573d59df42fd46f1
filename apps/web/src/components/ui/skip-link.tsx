import { useTranslation } from 'react-i18next';

/** The first focusable element of every layout: jumps keyboard users past the header to `#main-content`. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main-content"
      className="sr-only rounded-lg bg-white px-4 py-2 text-sm font-semibold text-emerald-800 shadow-lg focus:not-sr-only focus:fixed focus:left-4 focus:top-3 focus:z-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
    >
      {t('a11y.skipToContent')}
    </a>
  );
}
