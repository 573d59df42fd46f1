import clsx from 'clsx';
import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerRender } from '../../../islands/server-render';
import { embedUrl } from './format';

interface VideoFrameProps {
  videoId: string;
  title: string;
  /** A vertical video (height greater than width) plays in a 360×640 frame; others are 16:9. */
  vertical?: boolean;
  autoplay?: boolean;
  muted?: boolean;
  /** A fixed height in pixels instead of 16:9 (the extra income player is 500 px tall). */
  height?: number;
}

/** An embedded YouTube player (privacy-enhanced domain) with a spinner until it has loaded. */
export function VideoFrame({ videoId, title, vertical, autoplay, muted, height }: VideoFrameProps) {
  const { t } = useTranslation();
  const [loadedId, setLoadedId] = useState<string | null>(null);
  const serverRender = useServerRender();
  // a frame the server drew has no code on its page (decision 042) to say it loaded: its spinner lies under the
  // frame, which covers it once loaded, and is not announced. The hook's value changes once hydrated: the first holds.
  const [drawnByServer] = useState(serverRender);
  const params: Record<string, string> = {};
  if (autoplay) params.autoplay = '1';
  if (muted) params.mute = '1';
  return (
    <div
      className={clsx(
        'relative mx-auto overflow-hidden rounded-lg bg-black',
        vertical ? 'aspect-[9/16] w-full max-w-[360px]' : !height && 'aspect-video w-full',
      )}
      style={height ? { height } : vertical ? { maxHeight: 640 } : undefined}
      data-testid="video-frame"
      data-vertical={vertical ? 'true' : 'false'}
    >
      {loadedId !== videoId &&
        (drawnByServer ? (
          <div aria-hidden="true" className="absolute inset-0 grid place-items-center text-white">
            <LoaderCircle className="size-10 animate-spin" />
          </div>
        ) : (
          <div role="status" className="absolute inset-0 grid place-items-center text-white">
            <LoaderCircle className="size-10 animate-spin" aria-hidden="true" />
            <span className="sr-only">{t('videos.playerLoading')}</span>
          </div>
        ))}
      <iframe
        key={videoId}
        src={embedUrl(videoId, params)}
        title={title}
        onLoad={() => setLoadedId(videoId)}
        allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        className="absolute inset-0 size-full border-0"
      />
    </div>
  );
}
