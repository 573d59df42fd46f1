import type { VideoSummary } from '@papo/contract/media';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusTrap } from '../../../hooks/use-focus-trap';
import { VideoFrame } from './video-frame';

interface VideoModalProps {
  videos: VideoSummary[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

const navButton =
  'inline-flex items-center gap-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600';

/**
 * A playlist's player in a modal: previous and next (wrapping), the left and right arrow keys doing the
 * same, `Fechar` and Escape closing it, focus kept inside and given back to the thumbnail on close.
 */
export function VideoModal({ videos, index, onIndexChange, onClose }: VideoModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  useFocusTrap(panelRef, onClose, { lockScroll: true });
  const video = videos[index]!;
  const move = (step: number) => onIndexChange((index + step + videos.length) % videos.length);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      event.preventDefault();
      const step = event.key === 'ArrowLeft' ? -1 : 1;
      onIndexChange((index + step + videos.length) % videos.length);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [index, videos.length, onIndexChange]);

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/80 p-3 sm:p-6" onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div ref={panelRef} role="dialog" aria-modal="true" aria-labelledby={titleId} data-testid="video-modal" className="flex max-h-full w-full max-w-4xl flex-col overflow-y-auto rounded-2xl bg-white p-4 shadow-2xl">
        <div className="mb-3 flex items-center justify-between gap-3">
          <h2 id={titleId} className="truncate text-base font-semibold text-slate-900 sm:text-lg">
            {video.title}
          </h2>
          <span className="shrink-0 text-sm text-slate-500">{t('videos.position', { current: index + 1, total: videos.length })}</span>
        </div>
        <VideoFrame videoId={video.id} title={video.title} vertical={video.thumbnailHeight > video.thumbnailWidth} autoplay />
        <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
          <div className="flex gap-2">
            <button type="button" onClick={() => move(-1)} className={navButton}>
              <ChevronLeft className="size-4" aria-hidden="true" />
              {t('videos.previous')}
            </button>
            <button type="button" onClick={() => move(1)} className={navButton}>
              {t('videos.next')}
              <ChevronRight className="size-4" aria-hidden="true" />
            </button>
          </div>
          <button type="button" onClick={onClose} className="inline-flex items-center gap-1 rounded-lg bg-slate-900 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2">
            <X className="size-4" aria-hidden="true" />
            {t('videos.close')}
          </button>
        </div>
      </div>
    </div>
  );
}
