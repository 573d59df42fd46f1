import type { Track } from '@papo/contract/media';
import clsx from 'clsx';
import { Pause, Play, SkipBack, SkipForward, Volume2, VolumeX } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { playTrack, previous, next, seek, setVolume, toggle } from '../player/engine';
import { usePlayer } from '../player/use-player';
import { Button } from '../../../components/ui/button';

// the Web Audio analyzer is its own chunk, loaded after the player's controls.
const Analyzer = lazy(() => import('../player/analyzer'));

function clock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds || 0));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

const roundButton =
  'grid place-items-center rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2';

/** Play/pause, previous and next (wrapping), a seek bar with times, volume, the analyzer and the track list. */
export function Player({ tracks: loaded }: { tracks: Track[] }) {
  const { t } = useTranslation();
  const player = usePlayer();
  // on the first render the player has not been given the list yet (that happens in an effect).
  const tracks = player.tracks.length ? player.tracks : loaded;
  const track = tracks[player.index] ?? tracks[0];
  if (!track) return null;
  return (
    <section
      aria-label={t('music.player')}
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      data-testid="player"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <img
          src={track.cover}
          alt=""
          width={128}
          height={128}
          className="size-28 shrink-0 self-center rounded-xl object-cover shadow sm:size-32"
        />
        <div className="min-w-0 flex-1">
          <p className="truncate text-lg font-semibold text-slate-900" data-testid="player-title">
            {track.title}
          </p>
          <p className="truncate text-sm text-slate-600">{track.artist}</p>
          <div className="mt-3 flex items-center justify-center gap-3 sm:justify-start">
            <Button variant="icon" size="lg" round onClick={previous} aria-label={t('music.previous')}>
              <SkipBack className="size-5" aria-hidden="true" />
            </Button>
            <Button
              variant="plain"
              onClick={toggle}
              aria-label={player.playing ? t('music.pause') : t('music.play')}
              data-testid="player-toggle"
              className={clsx(roundButton, 'size-14 bg-emerald-700 text-white shadow hover:bg-emerald-800')}
            >
              {player.playing ? (
                <Pause className="size-6" aria-hidden="true" />
              ) : (
                <Play className="size-6" aria-hidden="true" />
              )}
            </Button>
            <Button variant="icon" size="lg" round onClick={next} aria-label={t('music.next')}>
              <SkipForward className="size-5" aria-hidden="true" />
            </Button>
          </div>
        </div>
      </div>
      <div className="mt-4 flex items-center gap-3 text-sm tabular-nums text-slate-600">
        <span data-testid="player-time">{clock(player.currentTime)}</span>
        <input
          type="range"
          min={0}
          max={player.duration || 0}
          step={0.1}
          value={Math.min(player.currentTime, player.duration || 0)}
          onChange={(event) => seek(Number(event.target.value))}
          aria-label={t('music.seek')}
          aria-valuetext={t('music.seekValue', { current: clock(player.currentTime), total: clock(player.duration) })}
          disabled={!player.started}
          className="h-2 flex-1 cursor-pointer accent-emerald-700"
        />
        <span>{clock(player.duration)}</span>
      </div>
      <div className="mt-3 flex items-center gap-2 text-slate-600">
        <Button
          variant="plain"
          onClick={() => setVolume(player.volume > 0 ? 0 : 0.8)}
          aria-label={player.volume > 0 ? t('music.mute') : t('music.unmute')}
          className={clsx(roundButton, 'size-9 hover:bg-slate-100')}
        >
          {player.volume > 0 ? (
            <Volume2 className="size-5" aria-hidden="true" />
          ) : (
            <VolumeX className="size-5" aria-hidden="true" />
          )}
        </Button>
        <input
          type="range"
          min={0}
          max={1}
          step={0.05}
          value={player.volume}
          onChange={(event) => setVolume(Number(event.target.value))}
          aria-label={t('music.volume')}
          className="h-2 w-32 cursor-pointer accent-emerald-700"
        />
      </div>
      <div className="mt-4">
        <Suspense fallback={<div className="h-[150px] rounded-lg bg-slate-900" />}>
          <Analyzer playing={player.playing} />
        </Suspense>
      </div>
      <h2 className="mt-6 text-base font-semibold text-slate-900">{t('music.trackList')}</h2>
      <ol className="mt-2 divide-y divide-slate-100" data-testid="track-list">
        {tracks.map((item, index) => {
          const current = index === player.index && player.started;
          return (
            <li key={item.src}>
              <Button
                variant="plain"
                onClick={() => (index === player.index && player.started ? toggle() : playTrack(index))}
                aria-current={current ? 'true' : undefined}
                className={clsx(
                  'flex w-full items-center gap-3 rounded-md px-2 py-2 text-left text-sm hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600',
                  current && 'bg-emerald-50 font-semibold text-emerald-900',
                )}
              >
                <span className="w-6 text-right tabular-nums text-slate-500">{index + 1}</span>
                <img src={item.cover} alt="" width={32} height={32} loading="lazy" className="size-8 rounded" />
                <span className="min-w-0 flex-1 truncate">{item.title}</span>
                {current && player.playing && <span className="text-xs text-emerald-800">{t('music.nowPlaying')}</span>}
              </Button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
