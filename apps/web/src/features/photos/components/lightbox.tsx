import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusTrap } from '../../../hooks/use-focus-trap';
import { photos, usePhotoTexts } from './photo-list';

interface LightboxProps {
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

const iconButton =
  'grid size-11 place-items-center rounded-full bg-white/90 text-slate-900 shadow hover:bg-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-400';

/** A photo at full size with its caption: closes on the backdrop, the close button or Escape; arrows move. */
export function Lightbox({ index, onIndexChange, onClose }: LightboxProps) {
  const { t } = useTranslation();
  const texts = usePhotoTexts();
  const captionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  useFocusTrap(panelRef, onClose, { initialFocus: closeRef, lockScroll: true });
  const move = (step: number) => onIndexChange((index + step + photos.length) % photos.length);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      event.preventDefault();
      onIndexChange((index + (event.key === 'ArrowLeft' ? -1 : 1) + photos.length) % photos.length);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [index, onIndexChange]);

  const text = texts[index]!;
  return (
    <div
      ref={panelRef}
      role="dialog"
      aria-modal="true"
      aria-labelledby={captionId}
      data-testid="lightbox"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center bg-slate-950/90 p-3 sm:p-8"
      onClick={(event) => event.target === event.currentTarget && onClose()}
    >
      <button ref={closeRef} type="button" onClick={onClose} className={`${iconButton} absolute right-3 top-3`} aria-label={t('photos.close')}>
        <X className="size-5" aria-hidden="true" />
      </button>
      <figure className="flex max-h-full max-w-5xl flex-col items-center" onClick={(event) => event.target === event.currentTarget && onClose()}>
        <img src={photos[index]!.full} alt={text.alt} width={1200} height={800} className="max-h-[75dvh] w-auto max-w-full rounded-lg object-contain shadow-2xl" />
        <figcaption id={captionId} className="mt-3 text-center text-base text-white">
          {text.caption} <span className="text-slate-300">({index + 1}/{photos.length})</span>
        </figcaption>
      </figure>
      <div className="mt-4 flex gap-3">
        <button type="button" onClick={() => move(-1)} className={iconButton} aria-label={t('photos.previous')}>
          <ChevronLeft className="size-5" aria-hidden="true" />
        </button>
        <button type="button" onClick={() => move(1)} className={iconButton} aria-label={t('photos.next')}>
          <ChevronRight className="size-5" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
