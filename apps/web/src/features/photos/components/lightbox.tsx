import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { useArrowKeys } from '../../../hooks/use-arrow-keys';
import { photos, usePhotoTexts } from './photo-list';

interface LightboxProps {
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

/** A photo at full size with its caption: closes on the backdrop, the close button or Escape; arrows move. */
export function Lightbox({ index, onIndexChange, onClose }: LightboxProps) {
  const { t } = useTranslation();
  const texts = usePhotoTexts();
  const move = (step: number) => onIndexChange((index + step + photos.length) % photos.length);
  useArrowKeys(move);
  const text = texts[index]!;
  return (
    <Dialog title={`${text.caption} (${index + 1}/${photos.length})`} onClose={onClose} width="max-w-5xl" testId="lightbox">
      <img src={photos[index]!.full} alt={text.alt} width={1200} height={800} className="mx-auto max-h-[70dvh] w-auto max-w-full rounded-lg object-contain" />
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
