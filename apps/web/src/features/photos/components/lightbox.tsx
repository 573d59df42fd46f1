import clsx from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useArrowKeys } from '../../../hooks/use-arrow-keys';
import { useSwipe } from '../../../hooks/use-swipe';
import { photoCount, usePhotos } from './photo-list';

interface LightboxProps {
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

/** A photo at full size with its caption: closes on the backdrop, the close button or Escape; arrows and a swipe move. */
export function Lightbox({ index, onIndexChange, onClose }: LightboxProps) {
  const { t } = useTranslation();
  const photo = usePhotos()[index];
  const move = (step: number) => onIndexChange((index + step + photoCount) % photoCount);
  useArrowKeys(move);
  const swipe = useSwipe((direction) => move(direction === 'next' ? 1 : -1));
  if (!photo) return null;
  const shift = swipe.leaving ? (swipe.leaving === 'next' ? '-110%' : '110%') : `${swipe.offset}px`;
  return (
    <Dialog
      title={`${photo.caption} (${index + 1}/${photoCount})`}
      onClose={onClose}
      width="max-w-5xl"
      testId="lightbox"
    >
      <div
        className="overflow-hidden"
        style={{ touchAction: 'pan-y' }}
        data-testid="lightbox-photo"
        {...swipe.handlers}
      >
        <img
          key={photo.full}
          src={photo.full}
          alt={photo.alt}
          width={1200}
          height={800}
          className={clsx(
            'mx-auto max-h-[70dvh] w-auto max-w-full rounded-lg object-contain',
            (swipe.offset === 0 || swipe.leaving) && 'transition-transform duration-200',
          )}
          style={{ transform: `translateX(${shift})` }}
        />
      </div>
      <div className="mt-4 flex justify-center gap-3">
        <Button variant="secondary" onClick={() => move(-1)} aria-label={t('photos.previous')}>
          <ChevronLeft className="size-5" aria-hidden="true" />
        </Button>
        <Button variant="secondary" onClick={() => move(1)} aria-label={t('photos.next')}>
          <ChevronRight className="size-5" aria-hidden="true" />
        </Button>
      </div>
    </Dialog>
  );
}
