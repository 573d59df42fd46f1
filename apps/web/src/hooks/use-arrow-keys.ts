import { useEffect, useRef } from 'react';

/** Where the arrows already mean something: typing, a slider, a menu or a tab list keeps its own use of them. */
const ownsArrows = 'input, textarea, select, [contenteditable="true"], [role="menu"], [role="tablist"]';

/**
 * Calls `onStep(-1)` on ArrowLeft and `onStep(1)` on ArrowRight while mounted (galleries and playlists in dialogs, the
 * next and previous lyric), unless the key comes with a modifier, was handled already, or lands on a control that
 * uses the arrows itself.
 */
export function useArrowKeys(onStep: (step: -1 | 1) => void): void {
  const latest = useRef(onStep);
  useEffect(() => {
    latest.current = onStep;
  }, [onStep]);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (event.target instanceof Element && event.target.closest(ownsArrows)) return;
      event.preventDefault();
      latest.current(event.key === 'ArrowLeft' ? -1 : 1);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
