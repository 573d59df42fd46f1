import { useTranslation } from 'react-i18next';

const numbers = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));

/** The twelve photos (spec §2.4): drawn by the server (`/media/photos/NN.webp`), a small variant for the grid. */
const photoFiles = numbers.map((n) => ({ small: `/media/photos/${n}-small.webp`, full: `/media/photos/${n}.webp` }));

export const photoCount = photoFiles.length;

export interface Photo {
  small: string;
  full: string;
  alt: string;
  caption: string;
}

/** The photos with their alt text and caption in the visitor's language. */
export function usePhotos(): Photo[] {
  const { t } = useTranslation();
  return photoFiles.map((files, index) => ({
    ...files,
    alt: t(`photos.items.${index}.alt`),
    caption: t(`photos.items.${index}.caption`),
  }));
}
