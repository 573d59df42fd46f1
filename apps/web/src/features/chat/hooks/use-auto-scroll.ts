import { useCallback, useLayoutEffect, useState, type RefObject } from 'react';

// a reader within this many pixels of the bottom is still "at the bottom" (sub-pixel layouts, a last line half shown).
const stickThreshold = 48;

function countAfter(lines: readonly { id: string }[], seenId: string | undefined): number {
  if (seenId === undefined) return lines.length;
  const index = lines.findIndex((line) => line.id === seenId);
  // when the seen line has dropped off the 500-line window, everything kept is new to the reader.
  return index === -1 ? lines.length : lines.length - 1 - index;
}

/**
 * Keeps a scrolling log pinned to its newest line while the reader is at the bottom; once they
 * scroll up it stays put and counts the lines that arrive, for a 'jump to newest' button.
 */
export function useAutoScroll(ref: RefObject<HTMLElement | null>, lines: readonly { id: string }[]) {
  const [pinned, setPinned] = useState(true);
  const [seenId, setSeenId] = useState<string | undefined>(undefined);
  const lastId = lines.at(-1)?.id;

  const scrollToEnd = useCallback(() => {
    const element = ref.current;
    if (element) element.scrollTop = element.scrollHeight;
    setPinned(true);
    setSeenId(lastId);
  }, [ref, lastId]);

  const onScroll = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    const bottom = element.scrollHeight - element.scrollTop - element.clientHeight <= stickThreshold;
    setPinned(bottom);
    if (bottom) setSeenId(lastId);
  }, [ref, lastId]);

  // a layout effect, so the list never paints one frame away from the bottom.
  useLayoutEffect(() => {
    if (!pinned) return;
    const element = ref.current;
    if (element) element.scrollTop = element.scrollHeight;
    setSeenId(lastId);
  }, [ref, lastId, pinned]);

  const unseen = pinned ? 0 : countAfter(lines, seenId);
  // where the reader left off: the first line after the last one they saw at the bottom.
  const firstUnseenId = unseen > 0 ? lines[lines.length - unseen]?.id : undefined;
  return { unseen, firstUnseenId, scrollToEnd, onScroll };
}
