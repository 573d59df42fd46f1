import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '../../../components/page-meta';
import { Island } from '../../../islands/island';
import { usePhotos } from './photo-list';
import { Button } from '../../../components/ui/button';

// the lightbox's dialog (Radix, ~13 KiB) loads when a photo is first opened, not with the page (decision 019).
const Lightbox = lazy(() => import('./lightbox').then((m) => ({ default: m.Lightbox })));

/** The grid and the lightbox its pictures open: an island of the public page (decision 042). */
export function PhotoGallery() {
  const { t } = useTranslation();
  const photos = usePhotos();
  const [open, setOpen] = useState<number | null>(null);
  const close = useCallback(() => setOpen(null), []);
  return (
    <>
      <ul className="mt-6 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-4" data-testid="photo-grid">
        {photos.map((photo, index) => (
          <li key={photo.small}>
            <figure>
              <Button
                variant="plain"
                onClick={() => setOpen(index)}
                className="group block w-full overflow-hidden rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2"
                aria-label={t('photos.open', { caption: photo.caption })}
              >
                <img
                  src={photo.small}
                  alt={photo.alt}
                  width={600}
                  height={400}
                  loading="lazy"
                  decoding="async"
                  className="aspect-[3/2] w-full object-cover transition group-hover:scale-105"
                />
              </Button>
              <figcaption className="mt-1.5 text-sm text-slate-700">{photo.caption}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
      {open !== null && (
        <Suspense fallback={null}>
          <Lightbox index={open} onIndexChange={setOpen} onClose={close} />
        </Suspense>
      )}
    </>
  );
}

/** Photos: twelve pictures drawn by Papo, in 2, 3 or 4 columns; a click opens the lightbox. */
export function PhotosScreen() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-6xl">
      <PageMeta title={t('photos.title')} description={t('meta.photos')} card="photos" pageType="CollectionPage" />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('photos.title')}</h1>
      <p className="mt-2 max-w-2xl text-base text-slate-600">{t('photos.intro')}</p>
      <Island name="photo-gallery" component={PhotoGallery} props={{}} />
    </div>
  );
}
