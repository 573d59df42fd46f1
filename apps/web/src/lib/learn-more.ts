import { useSyncExternalStore } from 'react';

/*
 * The tags whose 'Saiba mais' cards are open in the right-hand panel (members-area §2), newest first.
 * Any screen opens one (a tag clicked in a bio text); the learn-more tab shows them. A shared store in lib,
 * since features do not import each other.
 */

export interface LearnMoreCard {
  /** Unique per opening, so the same tag opened twice scrolls to its card again. */
  id: number;
  tag: string;
}

const none: readonly LearnMoreCard[] = [];
let cards = none;
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** Opens the card of `tag` on top; an open card of the same tag moves to the top instead of repeating. */
export function openLearnMore(tag: string): void {
  cards = [{ id: nextId++, tag }, ...cards.filter((card) => card.tag.toLowerCase() !== tag.toLowerCase())];
  emit();
}

export function closeLearnMore(id: number): void {
  cards = cards.filter((card) => card.id !== id);
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLearnMoreCards(): readonly LearnMoreCard[] {
  // hydrating, none, as the server drew: a public page's panel hydrates again after each navigation between
  // pages of islands (decision 042), with cards opened on the page before.
  return useSyncExternalStore(
    subscribe,
    () => cards,
    () => none,
  );
}
