import type { Track } from '@papo/contract/media';
import { publishNowPlaying } from '../../../lib/now-playing';

/*
 * The one audio player of the tab, at module scope so it keeps playing while the visitor moves to other
 * pages (React screens come and go; this module stays loaded once imported).
 */

export interface PlayerState {
  tracks: Track[];
  index: number;
  /** True once the visitor has started a track. */
  started: boolean;
  playing: boolean;
  currentTime: number;
  duration: number;
  volume: number;
}

let audio: HTMLAudioElement | null = null;
const initialState: PlayerState = {
  tracks: [],
  index: 0,
  started: false,
  playing: false,
  currentTime: 0,
  duration: 0,
  volume: 0.8,
};
let state = initialState;
const listeners = new Set<() => void>();

function update(patch: Partial<PlayerState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
  const track = state.tracks[state.index];
  if (patch.index !== undefined || patch.playing !== undefined || patch.started !== undefined) {
    publishNowPlaying(state.started && track ? { track, playing: state.playing, toggle, next, previous } : null);
  }
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getState(): PlayerState {
  return state;
}

/** The state before anything was played: what the server renders. */
export function getInitialState(): PlayerState {
  return initialState;
}

/** The audio element, made on first use with its listeners. */
export function audioElement(): HTMLAudioElement {
  if (audio) return audio;
  const element = new Audio();
  element.preload = 'metadata';
  element.volume = state.volume;
  element.addEventListener('play', () => update({ playing: true }));
  element.addEventListener('pause', () => update({ playing: false }));
  element.addEventListener('timeupdate', () => update({ currentTime: element.currentTime }));
  element.addEventListener('durationchange', () =>
    update({ duration: Number.isFinite(element.duration) ? element.duration : 0 }),
  );
  element.addEventListener('volumechange', () => update({ volume: element.volume }));
  // the end of a track goes to the next one, and after the last back to the first (spec §4).
  element.addEventListener('ended', () => next());
  audio = element;
  return element;
}

/** Gives the player its track list; the first call sets it, later ones keep what is playing. */
export function setTracks(tracks: Track[]): void {
  if (state.tracks.length === 0) update({ tracks });
}

function updateMediaSession(track: Track): void {
  if (!('mediaSession' in navigator)) return;
  const cover = new URL(track.cover, window.location.href).href;
  navigator.mediaSession.metadata = new MediaMetadata({
    title: track.title,
    artist: track.artist,
    artwork: [{ src: cover, sizes: '512x512', type: 'image/webp' }],
  });
  const actions: [MediaSessionAction, MediaSessionActionHandler][] = [
    ['play', () => void audioElement().play()],
    ['pause', () => audioElement().pause()],
    ['previoustrack', () => previous()],
    ['nexttrack', () => next()],
    ['seekto', (details) => details.seekTime !== undefined && seek(details.seekTime)],
  ];
  for (const [action, handler] of actions) {
    try {
      navigator.mediaSession.setActionHandler(action, handler);
    } catch {
      // a browser that does not know an action throws; the others still work.
    }
  }
}

/** Plays track `index` from its start. */
export function playTrack(index: number): void {
  const track = state.tracks[index];
  if (!track) return;
  const element = audioElement();
  element.src = track.src;
  update({ index, started: true, currentTime: 0, duration: 0 });
  updateMediaSession(track);
  void element.play().catch(() => update({ playing: false }));
}

export function toggle(): void {
  const element = audioElement();
  if (!state.started) return playTrack(state.index);
  if (element.paused) void element.play().catch(() => update({ playing: false }));
  else element.pause();
}

export function next(): void {
  if (state.tracks.length) playTrack((state.index + 1) % state.tracks.length);
}

export function previous(): void {
  if (state.tracks.length) playTrack((state.index - 1 + state.tracks.length) % state.tracks.length);
}

export function seek(seconds: number): void {
  const element = audioElement();
  element.currentTime = Math.max(0, Math.min(seconds, element.duration || seconds));
  update({ currentTime: element.currentTime });
}

export function setVolume(volume: number): void {
  audioElement().volume = Math.max(0, Math.min(1, volume));
}
