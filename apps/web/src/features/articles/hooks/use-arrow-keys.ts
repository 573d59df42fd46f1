import { useEffect } from 'react';
import type { SwipeDirection } from './use-swipe';

/** Left and right arrows move between lyrics on a keyboard, unless the reader is typing or using a control. */
export function useArrowKeys(onMove: (direction: SwipeDirection) => void) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], [role="menu"], [role="tablist"]')) return;
      if (event.key === 'ArrowRight') onMove('next');
      else if (event.key === 'ArrowLeft') onMove('previous');
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [onMove]);
}
