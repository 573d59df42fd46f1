import { useTranslation } from 'react-i18next';
import { LegalPage, asSections } from './legal-page';

/** Terms of use, /termos-de-uso. */
export function TermsScreen() {
  const { t } = useTranslation();
  return (
    <LegalPage
      title={t('terms.title')}
      description={t('meta.terms')}
      intro={t('terms.intro')}
      sections={asSections(t('terms.sections', { returnObjects: true }))}
    />
  );
}
