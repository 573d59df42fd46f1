import type { Track } from '@papo/contract/media';
import { useSyncExternalStore } from 'react';
import { nowPlayingEvent } from './now-playing-event';

/*
 * What the music player is playing, published for the layout's mini-player. The player itself (audio,
 * Web Audio, Media Session) lives in the music page's own chunk; only this small store is shared, so
 * pages that never play music never load the player.
 */

export interface NowPlaying {
  track: Track;
  playing: boolean;
  toggle(): void;
  next(): void;
  previous(): void;
}

let current: NowPlaying | null = null;
const listeners = new Set<() => void>();

export function publishNowPlaying(next: NowPlaying | null): void {
  const started = current === null && next !== null;
  current = next;
  for (const listener of listeners) listener();
  if (started) window.dispatchEvent(new Event(nowPlayingEvent));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The track being played (or paused) with its controls; null until the visitor starts the player. */
export function useNowPlaying(): NowPlaying | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
