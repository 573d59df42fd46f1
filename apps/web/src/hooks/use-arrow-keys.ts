import { useEffect, useRef } from 'react';

/** Calls `onStep(-1)` on ArrowLeft and `onStep(1)` on ArrowRight while mounted (galleries and playlists in dialogs). */
export function useArrowKeys(onStep: (step: -1 | 1) => void): void {
  const latest = useRef(onStep);
  useEffect(() => {
    latest.current = onStep;
  }, [onStep]);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      // NOTE: a slider or a text field keeps its own use of the arrows.
      if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) return;
      event.preventDefault();
      latest.current(event.key === 'ArrowLeft' ? -1 : 1);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
