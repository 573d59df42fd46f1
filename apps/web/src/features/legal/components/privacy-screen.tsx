import { useTranslation } from 'react-i18next';
import { LegalPage, asSections } from './legal-page';

/** Privacy policy, /politica-de-privacidade. */
export function PrivacyScreen() {
  const { t } = useTranslation();
  return (
    <LegalPage
      title={t('privacy.title')}
      description={t('meta.privacy')}
      intro={t('privacy.intro')}
      sections={asSections(t('privacy.sections', { returnObjects: true }))}
    />
  );
}
