import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * A ref for a strip of link tabs that scrolls the current page's tab (`aria-current="page"`) into view when the page
 * changes or the strip gains or loses tabs: on a phone the strip overflows and the open tab could sit out of sight.
 * Not on every render, so a member scrolling the strip by hand is not pulled back while they read.
 */
export function useActiveTabInView<T extends HTMLElement>(tabCount: number) {
  const strip = useRef<T>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const active = strip.current?.querySelector<HTMLElement>('[aria-current="page"]');
    // `nearest` moves the strip only as far as needed and never scrolls the page vertically.
    active?.scrollIntoView?.({ inline: 'nearest', block: 'nearest' });
  }, [pathname, tabCount]);
  return strip;
}
