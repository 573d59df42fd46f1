import type { ComponentType } from 'react';

/**
 * When an island's code loads: `use` on the first pointer, key or focus inside it (the click that woke it is replayed
 * once it is live), `visible` when it comes near the screen (something that moves on its own, or that a swipe drives).
 */
export type IslandWake = 'use' | 'visible';

export interface IslandDef {
  /** The component the island hydrates; it renders the same markup from its serialized props alone. */
  load: () => Promise<ComponentType<never>>;
  /** The text keys (prefixes of the locale file) its markup and its later states show: the page carries only these. */
  texts: readonly string[];
  wake: IslandWake;
}

/*
 * The parts of public pages that respond to the reader (decision 042). Only names and loaders live here: this module
 * is in the public entry, and each island's code is a chunk of its own, fetched when that island wakes.
 */
const islandDefs = {
  'site-header': {
    load: () => import('../app/layouts/site-header').then((m) => m.SiteHeader),
    texts: ['a11y', 'nav', 'language', 'userMenu', 'sidebar', 'dialog', 'mobileMenu', 'channels.categories', 'notifications', 'toast'],
    wake: 'use',
  },
  'cookie-banner': {
    load: () => import('../features/consent/components/cookie-banner').then((m) => m.CookieBanner),
    texts: ['cookies'],
    wake: 'use',
  },
  'share-menu': {
    load: () => import('../features/articles/components/share-menu').then((m) => m.ShareMenu),
    texts: ['articles.share', 'toast'],
    wake: 'use',
  },
} satisfies Record<string, IslandDef>;

export type IslandName = keyof typeof islandDefs;

export const islands: Readonly<Record<IslandName, IslandDef>> = islandDefs;

export function isIslandName(value: string): value is IslandName {
  return Object.hasOwn(islands, value);
}
