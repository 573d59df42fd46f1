import { useSyncExternalStore } from 'react';
import { getInitialState, getState, subscribe, type PlayerState } from './engine';

/**
 * The player's state, re-rendering on every change (time updates come a few times a second). Hydrating, the state the
 * server drew (nothing started): the player's island, back on the music page while a song plays, matches that markup
 * first and shows the song right after.
 */
export function usePlayer(): PlayerState {
  return useSyncExternalStore(subscribe, getState, getInitialState);
}
