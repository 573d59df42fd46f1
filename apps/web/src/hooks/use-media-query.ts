import { useCallback, useSyncExternalStore } from 'react';

function noMatch(): boolean {
  return false;
}

/** Whether a CSS media query matches now; re-renders when it starts or stops matching. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  // the server knows no screen width; it renders the phone layout (CSS shows the rest) and hydration agrees.
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches, noMatch);
}

/** Tailwind's `lg` breakpoint: from here the sidebar is fixed and the header shows the full navigation. */
export const desktopQuery = '(min-width: 1024px)';
/** Tailwind's `sm` breakpoint: from here the right-hand panel sits beside the page; below it, its tabs open in a sheet. */
export const panelQuery = '(min-width: 640px)';
