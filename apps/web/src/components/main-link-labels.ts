import { useTranslation } from 'react-i18next';
import type { SectionName } from '../config/main-links';

/**
 * Translated labels of the public sections: every page's header and footer use them, so they live apart from the
 * lists that draw the sections' icons (components/main-links.tsx, loaded with the mobile menu), which keeps the
 * icons out of the first route's JavaScript.
 */
export function useMainLinkLabels(): Record<SectionName, string> {
  const { t } = useTranslation();
  return {
    blog: t('nav.blog'),
    shop: t('nav.shop'),
    courses: t('nav.courses'),
    channels: t('nav.channels'),
    videos: t('nav.videos'),
    lyrics: t('nav.lyrics'),
    music: t('nav.music'),
    photos: t('nav.photos'),
    bio: t('nav.bio'),
    extraIncome: t('nav.extraIncome'),
    cryptos: t('nav.cryptos'),
  };
}
