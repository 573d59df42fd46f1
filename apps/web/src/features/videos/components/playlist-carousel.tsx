import type { Playlist } from '@papo/contract/media';
import clsx from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../../../hooks/use-media-query';
import type { CarouselApi } from './carousel-embla';
import { VideoCardBody, videoCardClass } from './video-card';
import { Button } from '../../../components/ui/button';

// Embla is ~8 KiB gzipped: it loads when the carousel comes near the screen or is touched, not with the page.
const CarouselEngine = lazy(() => import('./carousel-embla'));

interface PlaylistCarouselProps {
  playlist: Playlist;
  onOpen: (index: number) => void;
}

const arrowClass =
  'grid size-10 place-items-center rounded-full border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50 disabled:opacity-40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600';

/**
 * Before Embla runs, the pages of the carousel follow from the number of videos and the slides per view (1, then
 * 2 from md, 3 from lg, as the slides' widths): CSS shows the right controls and dots from the server's first
 * paint, so nothing moves when Embla arrives (its snaps are the same count).
 */
const pagesAt = (count: number, perView: number) => Math.ceil(count / perView);
const controlsClass = (count: number) =>
  clsx(count > 1 ? 'flex' : 'hidden', count > 2 ? 'md:flex' : 'md:hidden', count > 3 ? 'lg:flex' : 'lg:hidden');
const dotClass = (count: number, index: number) =>
  clsx(
    'grid',
    index < pagesAt(count, 2) ? 'md:grid' : 'md:hidden',
    index < pagesAt(count, 3) ? 'lg:grid' : 'lg:hidden',
  );

/**
 * One playlist as a carousel (spec §2.4, §9): 1 slide below 768 px, 2 from 768, 3 from 1024, 20 px apart,
 * arrows and dots, swipe on touch (Embla). A thumbnail opens the playlist's modal player.
 */
export function PlaylistCarousel({ playlist, onOpen }: PlaylistCarouselProps) {
  const { t } = useTranslation();
  const count = playlist.videos.length;
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const [wanted, setWanted] = useState(false);
  const [embla, setEmbla] = useState<CarouselApi | undefined>();
  const [snaps, setSnaps] = useState<number[]>([]);
  const [selected, setSelected] = useState(0);
  // an arrow or dot pressed before Embla arrived is done once it has.
  const pendingMove = useRef<((api: CarouselApi) => void) | null>(null);
  const fromLg = useMediaQuery('(min-width: 1024px)');
  const fromMd = useMediaQuery('(min-width: 768px)');
  const perView = fromLg ? 3 : fromMd ? 2 : 1;

  useEffect(() => {
    if (wanted || !viewport) return;
    if (typeof IntersectionObserver === 'undefined') {
      setWanted(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && setWanted(true),
      { rootMargin: '300px 0px' },
    );
    observer.observe(viewport);
    return () => observer.disconnect();
  }, [wanted, viewport]);

  const update = useCallback(() => {
    if (!embla) return;
    setSnaps(embla.scrollSnapList());
    setSelected(embla.selectedScrollSnap());
  }, [embla]);

  useEffect(() => {
    if (!embla) return;
    update();
    embla.on('select', update).on('reInit', update);
    const move = pendingMove.current;
    pendingMove.current = null;
    move?.(embla);
    return () => {
      embla.off('select', update).off('reInit', update);
    };
  }, [embla, update]);

  const act = (move: (api: CarouselApi) => void) => {
    if (embla) move(embla);
    else {
      pendingMove.current = move;
      setWanted(true);
    }
  };

  const live = embla !== undefined;
  const pages = live ? snaps.length : pagesAt(count, perView);
  return (
    <div
      className="relative"
      data-testid={`carousel-${playlist.id}`}
      onPointerDown={() => setWanted(true)}
      onFocus={() => setWanted(true)}
    >
      <div ref={setViewport} className="overflow-hidden">
        {/* slide padding and a negative margin give the 20 px spacing without a gap at the edges. */}
        <ul className="-ml-5 flex touch-pan-y">
          {playlist.videos.map((video, index) => (
            <li
              key={video.id}
              className="min-w-0 shrink-0 grow-0 basis-full pl-5 md:basis-1/2 lg:basis-1/3"
              data-testid="carousel-slide"
            >
              <Button
                variant="plain"
                onClick={() => onOpen(index)}
                className={videoCardClass}
                aria-label={t('videos.play', { title: video.title })}
              >
                <VideoCardBody video={video} />
              </Button>
            </li>
          ))}
        </ul>
      </div>
      <div
        className={clsx(
          'mt-3 items-center justify-between gap-3',
          live ? (pages > 1 ? 'flex' : 'hidden') : controlsClass(count),
        )}
      >
        <Button
          variant="plain"
          className={arrowClass}
          onClick={() => act((api) => api.scrollPrev())}
          disabled={selected === 0}
          aria-label={t('videos.carouselPrevious')}
        >
          <ChevronLeft className="size-5" aria-hidden="true" />
        </Button>
        <div className="flex flex-wrap justify-center gap-1">
          {(live ? snaps : playlist.videos).map((_, index) => (
            <Button
              variant="plain"
              key={index}
              onClick={() => act((api) => api.scrollTo(index))}
              aria-label={t('videos.carouselPage', { page: index + 1, total: pages })}
              aria-current={index === selected ? 'true' : undefined}
              className={clsx(
                'size-6 place-items-center rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600',
                live ? 'grid' : dotClass(count, index),
              )}
            >
              <span
                className={clsx('block size-2.5 rounded-full', index === selected ? 'bg-emerald-700' : 'bg-slate-300')}
              />
            </Button>
          ))}
        </div>
        <Button
          variant="plain"
          className={arrowClass}
          onClick={() => act((api) => api.scrollNext())}
          disabled={selected === pages - 1}
          aria-label={t('videos.carouselNext')}
        >
          <ChevronRight className="size-5" aria-hidden="true" />
        </Button>
      </div>
      {wanted && viewport && (
        <Suspense fallback={null}>
          <CarouselEngine viewport={viewport} onReady={setEmbla} />
        </Suspense>
      )}
    </div>
  );
}
