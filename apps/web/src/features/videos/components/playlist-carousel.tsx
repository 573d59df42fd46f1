import type { Playlist } from '@papo/contract/media';
import clsx from 'clsx';
import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VideoCardBody, videoCardClass } from './video-card';

interface PlaylistCarouselProps {
  playlist: Playlist;
  onOpen: (index: number) => void;
}

const arrowClass =
  'grid size-10 place-items-center rounded-full border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50 disabled:opacity-40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600';

/**
 * One playlist as a carousel (spec §2.4, §9): 1 slide below 768 px, 2 from 768, 3 from 1024, 20 px apart,
 * arrows and dots, swipe on touch (Embla). A thumbnail opens the playlist's modal player.
 */
export default function PlaylistCarousel({ playlist, onOpen }: PlaylistCarouselProps) {
  const { t } = useTranslation();
  const [viewportRef, embla] = useEmblaCarousel({ align: 'start', containScroll: 'trimSnaps', slidesToScroll: 'auto' });
  const [snaps, setSnaps] = useState<number[]>([]);
  const [selected, setSelected] = useState(0);

  const update = useCallback(() => {
    if (!embla) return;
    setSnaps(embla.scrollSnapList());
    setSelected(embla.selectedScrollSnap());
  }, [embla]);

  useEffect(() => {
    if (!embla) return;
    update();
    embla.on('select', update).on('reInit', update);
    return () => {
      embla.off('select', update).off('reInit', update);
    };
  }, [embla, update]);

  return (
    <div className="relative" data-testid={`carousel-${playlist.id}`}>
      <div ref={viewportRef} className="overflow-hidden">
        {/* NOTE: slide padding and a negative margin give the 20 px spacing without a gap at the edges. */}
        <ul className="-ml-5 flex touch-pan-y">
          {playlist.videos.map((video, index) => (
            <li key={video.id} className="min-w-0 shrink-0 grow-0 basis-full pl-5 md:basis-1/2 lg:basis-1/3" data-testid="carousel-slide">
              <button type="button" onClick={() => onOpen(index)} className={videoCardClass} aria-label={t('videos.play', { title: video.title })}>
                <VideoCardBody video={video} />
              </button>
            </li>
          ))}
        </ul>
      </div>
      {snaps.length > 1 && (
        <div className="mt-3 flex items-center justify-between gap-3">
          <button type="button" className={arrowClass} onClick={() => embla?.scrollPrev()} disabled={selected === 0} aria-label={t('videos.carouselPrevious')}>
            <ChevronLeft className="size-5" aria-hidden="true" />
          </button>
          <div className="flex flex-wrap justify-center gap-1">
            {snaps.map((_, index) => (
              <button
                key={index}
                type="button"
                onClick={() => embla?.scrollTo(index)}
                aria-label={t('videos.carouselPage', { page: index + 1, total: snaps.length })}
                aria-current={index === selected ? 'true' : undefined}
                className="grid size-6 place-items-center rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
              >
                <span className={clsx('block size-2.5 rounded-full', index === selected ? 'bg-emerald-700' : 'bg-slate-300')} />
              </button>
            ))}
          </div>
          <button type="button" className={arrowClass} onClick={() => embla?.scrollNext()} disabled={selected === snaps.length - 1} aria-label={t('videos.carouselNext')}>
            <ChevronRight className="size-5" aria-hidden="true" />
          </button>
        </div>
      )}
    </div>
  );
}
