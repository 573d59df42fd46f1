import { useEffect, useRef, useState, type TouchEvent } from 'react';

/** How far a finger must travel to change lyric or photo, and how long the card takes to leave (public-site §9). */
const swipeThreshold = 100;
const swipeNavigationDelay = 200;

export type SwipeDirection = 'next' | 'previous';

/**
 * Horizontal swipe on touch screens: the element follows the finger (`offset`), and a release past the
 * threshold sends it out (`leaving`) and calls `onSwipe` after the navigation delay. Vertical moves are
 * left to the browser's scrolling.
 */
export function useSwipe(onSwipe: (direction: SwipeDirection) => void) {
  const [offset, setOffset] = useState(0);
  const [leaving, setLeaving] = useState<SwipeDirection | null>(null);
  // the distance travelled is kept here too: the release reads it, not the last render's `offset`, which a busy
  // page may not have drawn yet when the finger lifts.
  const start = useRef<{ x: number; y: number; dx: number; horizontal: boolean | null } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const handlers = {
    onTouchStart(event: TouchEvent) {
      const touch = event.touches[0];
      if (!touch || leaving) return;
      start.current = { x: touch.clientX, y: touch.clientY, dx: 0, horizontal: null };
    },
    onTouchMove(event: TouchEvent) {
      const touch = event.touches[0];
      const origin = start.current;
      if (!touch || !origin) return;
      const dx = touch.clientX - origin.x;
      const dy = touch.clientY - origin.y;
      // The first clear movement decides: a vertical one is a scroll, and stays one.
      if (origin.horizontal === null && Math.max(Math.abs(dx), Math.abs(dy)) > 8)
        origin.horizontal = Math.abs(dx) > Math.abs(dy);
      if (!origin.horizontal) return;
      origin.dx = dx;
      setOffset(dx);
    },
    onTouchEnd() {
      const origin = start.current;
      start.current = null;
      if (!origin?.horizontal) return;
      if (Math.abs(origin.dx) < swipeThreshold) {
        setOffset(0);
        return;
      }
      const direction: SwipeDirection = origin.dx < 0 ? 'next' : 'previous';
      setLeaving(direction);
      timer.current = setTimeout(() => {
        setOffset(0);
        setLeaving(null);
        onSwipe(direction);
      }, swipeNavigationDelay);
    },
    onTouchCancel() {
      start.current = null;
      setOffset(0);
    },
  };
  return { offset, leaving, handlers };
}
