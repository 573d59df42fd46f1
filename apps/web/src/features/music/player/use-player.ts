import { useSyncExternalStore } from 'react';
import { getState, subscribe, type PlayerState } from './engine';

/** The player's state, re-rendering on every change (time updates come a few times a second). */
export function usePlayer(): PlayerState {
  return useSyncExternalStore(subscribe, getState, getState);
}
