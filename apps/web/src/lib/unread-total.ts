import { useSyncExternalStore } from 'react';

/*
 * How many lines and messages wait unread in the member's open channels and conversations, for the document title
 * (`(3) #barra - Papo`). The chat sets it; the page titles read it, so every page of the site carries it.
 */

let total = 0;
const listeners = new Set<() => void>();

export function setUnreadTotal(next: number): void {
  if (next === total) return;
  total = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function withTotal(title: string, count: number): string {
  return count > 0 ? `(${count}) ${title}` : title;
}

/** The page title with the unread total before it when there is any; the server renders it without (visitors have none). */
export function useTitleWithUnread(title: string): string {
  const count = useSyncExternalStore(
    subscribe,
    () => total,
    () => 0,
  );
  return withTotal(title, count);
}

/**
 * Writes the total before a title no React root draws: a public page of islands keeps the server's `<title>`.
 * `onPageChange` tells when a navigation put another page's title in place. Answers the undo.
 */
export function showTotalInDocumentTitle(onPageChange: (listener: () => void) => () => void): () => void {
  let pageTitle = document.title;
  const write = () => {
    document.title = withTotal(pageTitle, total);
  };
  const stopFollowingPages = onPageChange(() => {
    pageTitle = document.title;
    write();
  });
  const stopFollowingTotal = subscribe(write);
  write();
  return () => {
    stopFollowingTotal();
    stopFollowingPages();
    document.title = pageTitle;
  };
}
