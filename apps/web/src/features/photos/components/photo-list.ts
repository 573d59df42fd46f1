import { useTranslation } from 'react-i18next';

const numbers = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));

/** The twelve photos (spec §2.4): drawn by the server (`/media/photos/NN.webp`), a small variant for the grid. */
export const photos = numbers.map((n) => ({ small: `/media/photos/${n}-small.webp`, full: `/media/photos/${n}.webp` }));

/** Alt text and caption of each photo, in the visitor's language. */
export function usePhotoTexts(): { alt: string; caption: string }[] {
  const { t } = useTranslation();
  return t('photos.items', { returnObjects: true }) as { alt: string; caption: string }[];
}
