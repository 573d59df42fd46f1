import type { VideoSummary } from '@papo/contract/media';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useArrowKeys } from '../../../hooks/use-arrow-keys';
import { VideoFrame } from './video-frame';

interface VideoModalProps {
  videos: VideoSummary[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

/**
 * A playlist's player in a modal: previous and next (wrapping), the left and right arrow keys doing the
 * same, `Fechar` and Escape closing it, focus kept inside and given back to the thumbnail on close.
 */
export function VideoModal({ videos, index, onIndexChange, onClose }: VideoModalProps) {
  const { t } = useTranslation();
  const video = videos[index];
  const move = (step: number) => onIndexChange((index + step + videos.length) % videos.length);
  useArrowKeys(move);
  if (!video) return null;

  return (
    <Dialog
      title={video.title}
      onClose={onClose}
      closeLabel={t('videos.closePlayer')}
      width="max-w-4xl"
      testId="video-modal"
    >
      <p className="mb-3 text-sm text-slate-500">
        {t('videos.position', { current: index + 1, total: videos.length })}
      </p>
      <VideoFrame
        videoId={video.id}
        title={video.title}
        vertical={video.thumbnailHeight > video.thumbnailWidth}
        autoplay
      />
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => move(-1)}>
            <ChevronLeft className="size-4" aria-hidden="true" />
            {t('videos.previous')}
          </Button>
          <Button variant="secondary" onClick={() => move(1)}>
            {t('videos.next')}
            <ChevronRight className="size-4" aria-hidden="true" />
          </Button>
        </div>
        <Button onClick={onClose}>
          <X className="size-4" aria-hidden="true" />
          {t('videos.close')}
        </Button>
      </div>
    </Dialog>
  );
}
