import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../../../components/language-switcher';
import { MainLinkList } from '../../../components/main-links';
import { PageMeta } from '../../../components/page-meta';
import { desktopQuery, useMediaQuery } from '../../../hooks/use-media-query';

/** /mobileMenu: the main sections and the language choice as a page of its own. */
export function MobileMenuScreen() {
  const { t } = useTranslation();
  // from the desktop breakpoint the header carries the tagged switcher; test ids must stay unique.
  const isDesktop = useMediaQuery(desktopQuery);
  return (
    <div className="mx-auto max-w-md">
      <PageMeta title={t('mobileMenu.title')} description={t('meta.mobileMenu')} />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('mobileMenu.title')}</h1>
      <nav
        aria-label={t('mobileMenu.sections')}
        className="mt-6 rounded-lg border border-slate-200 bg-white p-2 shadow-sm"
      >
        <MainLinkList />
      </nav>
      <section
        aria-labelledby="mobile-menu-language"
        className="mt-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      >
        <h2 id="mobile-menu-language" className="mb-3 text-sm font-semibold text-slate-900">
          {t('mobileMenu.languageTitle')}
        </h2>
        <LanguageSwitcher testId={!isDesktop} />
      </section>
    </div>
  );
}
