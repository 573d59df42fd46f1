import { Music, Pause, Play, SkipBack, SkipForward } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import clsx from 'clsx';
import { Button, buttonClass } from '../../components/ui/button';
import { paths } from '../../config/paths';
import type { NowPlaying } from '../../lib/now-playing';

const iconButton = buttonClass({ variant: 'icon' });

/** The track playing, with its controls. */
export function MiniPlayerBar({ nowPlaying }: { nowPlaying: NowPlaying }) {
  const { t } = useTranslation();
  const { track, playing } = nowPlaying;
  return (
    <section
      aria-label={t('miniPlayer.label')}
      data-testid="mini-player"
      className="sticky bottom-0 z-30 border-t border-slate-200 bg-white/95 px-3 py-2 shadow-[0_-2px_8px_rgba(0,0,0,0.06)] backdrop-blur"
    >
      <div className="mx-auto flex max-w-5xl items-center gap-3">
        <img src={track.cover} alt="" width={40} height={40} className="size-10 shrink-0 rounded" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold text-slate-900" data-testid="mini-player-title">
            {track.title}
          </p>
          <p className="truncate text-xs text-slate-600">{track.artist}</p>
        </div>
        <Button variant="icon" onClick={nowPlaying.previous} aria-label={t('miniPlayer.previous')}>
          <SkipBack className="size-5" aria-hidden="true" />
        </Button>
        <Button
          variant="icon"
          onClick={nowPlaying.toggle}
          aria-label={playing ? t('miniPlayer.pause') : t('miniPlayer.play')}
          data-testid="mini-player-toggle"
        >
          {playing ? <Pause className="size-5" aria-hidden="true" /> : <Play className="size-5" aria-hidden="true" />}
        </Button>
        <Button variant="icon" onClick={nowPlaying.next} aria-label={t('miniPlayer.next')}>
          <SkipForward className="size-5" aria-hidden="true" />
        </Button>
        <Link to={paths.music} className={clsx(iconButton, 'max-sm:hidden')} aria-label={t('miniPlayer.open')}>
          <Music className="size-5" aria-hidden="true" />
        </Link>
      </div>
    </section>
  );
}
