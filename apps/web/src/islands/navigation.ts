/*
 * Navigation between public pages without the app (decision 042): a click on a link to another public page fetches
 * that page's HTML and puts its main region and head in place of the current ones; the header, the cookie banner and
 * the player, outside the main region, stay as they are (a song keeps playing). A page the server does not render as
 * islands (members' area, back office, forms) is an ordinary navigation, which loads the app.
 */

import { handoverElementId } from '@papo/contract/server-render';

/** Head elements that belong to a page (React hoists them from the screen), replaced on every navigation. */
const pageHead = [
  'title',
  'meta[name="description"]',
  'meta[name="robots"]',
  'meta[property^="og:"]',
  'meta[name^="twitter:"]',
  'link[rel="canonical"]',
  'link[rel="alternate"]',
  'link[rel="prev"]',
  'link[rel="next"]',
  'script[type="application/ld+json"]',
].join(',');

/**
 * Regions that change from page to page: the main content, the right-hand panel, the static pages' own navigation
 * and the answers handed over.
 */
const swappedRegions = ['#main-content', '[data-island="right-panel"]', '#page-nav', `#${handoverElementId}`];

/**
 * The header while its island sleeps: the server's HTML marks the section of the page it was drawn for, so it is taken
 * from the new page. Once it is waking or live its router follows the navigation instead, and its state (an open
 * menu) stays.
 */
const siteHeader = '[data-island="site-header"]';
const sleepingHeader = `${siteHeader}:not([data-island-live]):not([data-island-waking])`;

const listeners = new Set<() => void>();
let navigating: AbortController | null = null;

/** The address shown, without the origin. */
export function currentHref(): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

/** Runs `listener` after every navigation between public pages, once the new page is in place; answers its removal. */
export function onPageChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A member's session is in the browser's storage (lib/session.ts): the header shows the member, not the visitor. */
export function signedIn(): boolean {
  try {
    return localStorage.getItem('user') !== null;
  } catch {
    return false;
  }
}

/**
 * Whether the app takes `page` over from its islands: it is the server's one 404 page (its handover says so) and a
 * member is signed in here. For a member an unknown address may be a channel to found, which the app asks about; a
 * visitor's 404 stays islands.
 */
export function appTakesOver(page: Document): boolean {
  if (!signedIn() || appEntry(page) === null) return false;
  try {
    const handover: unknown = JSON.parse(page.getElementById(handoverElementId)?.textContent ?? 'null');
    // no helper from the contract, nor a module of its own: either would be in the app's shell chunk, which a
    // page of islands does not load (apps/web/vite.config.ts).
    return (
      typeof handover === 'object' &&
      handover !== null &&
      'sharedNotFound' in handover &&
      handover.sharedNotFound === true
    );
  } catch {
    return false;
  }
}

/** The app's entry script, which the server names on its 404 page of islands (apps/server/src/ssr/page-html.ts). */
export function appEntry(page: Document): string | null {
  return page.querySelector<HTMLMetaElement>('meta[name="papo-app-entry"]')?.content ?? null;
}

/** The regions a navigation replaces, as they are now. */
function regionsToSwap(): Element[] {
  return [...swappedRegions, sleepingHeader].flatMap((selector) => {
    const element = document.querySelector(selector);
    return element ? [element] : [];
  });
}

let beforeSwap: (leaving: Element[]) => void = () => undefined;

/** What to do with the leaving regions just before they go (the public entry unmounts their islands). */
export function setBeforeSwap(callback: (leaving: Element[]) => void): void {
  beforeSwap = callback;
}

function sameDocument(url: URL): boolean {
  return url.pathname === location.pathname && url.search === location.search;
}

function replaceHead(next: Document): void {
  document.head.querySelectorAll(pageHead).forEach((element) => element.remove());
  const marker = document.head.querySelector('script[type="module"], link[rel="modulepreload"]');
  for (const element of next.head.querySelectorAll(pageHead)) {
    document.head.insertBefore(document.importNode(element, true), marker);
  }
}

function focusMain(hash: string): void {
  const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
  if (target) {
    target.scrollIntoView();
    return;
  }
  const main = document.getElementById('main-content');
  window.scrollTo(0, 0);
  main?.focus({ preventScroll: true });
}

/** Whether `next` can take this page's place by its regions: it has a main region, in the same layout. */
function swappable(next: Document): boolean {
  const main = next.querySelector(swappedRegions[0] ?? '');
  const current = document.querySelector(swappedRegions[0] ?? '');
  // a page of another layout (a static page after an article) has other surroundings: it is loaded whole.
  return Boolean(main && current && main.getAttribute('data-layout') === current.getAttribute('data-layout'));
}

function swap(next: Document): void {
  const regions = [...swappedRegions, sleepingHeader];
  // the new page's header has no marks of waking: it is found by its island's name alone.
  const incoming = regions.map((selector) => next.querySelector(selector === sleepingHeader ? siteHeader : selector));
  beforeSwap(regionsToSwap());
  regions.forEach((selector, index) => {
    const current = document.querySelector(selector);
    const replacement = incoming[index];
    if (current && replacement) current.replaceWith(document.importNode(replacement, true));
  });
  replaceHead(next);
  document.documentElement.lang = next.documentElement.lang;
}

/**
 * Shows the public page at `href`: fetched and swapped in when the server renders it as islands, else loaded whole.
 * `push` adds it to the history (a link), `replace` puts it in the current entry's place (an address settled, as a tag
 * link's year), otherwise the history already shows it (back and forward).
 */
export async function visit(
  href: string,
  { push = true, replace = false, scroll }: { push?: boolean; replace?: boolean; scroll?: number } = {},
): Promise<void> {
  const url = new URL(href, location.href);
  navigating?.abort();
  const controller = new AbortController();
  navigating = controller;
  try {
    const response = await fetch(url, { headers: { accept: 'text/html' }, signal: controller.signal });
    const html = await response.text();
    if (controller.signal.aborted) return;
    const next = new DOMParser().parseFromString(html, 'text/html');
    const islandsPage = next.documentElement.hasAttribute('data-islands') && (response.ok || response.status === 404);
    if (!islandsPage || !swappable(next) || appTakesOver(next)) throw new Error('not a page of islands here');
    if (replace) history.replaceState({ scroll: 0 }, '', url);
    else if (push) {
      history.replaceState({ scroll: window.scrollY }, '');
      history.pushState({ scroll: 0 }, '', url);
    }
    swap(next);
    listeners.forEach((listener) => listener());
    if (scroll === undefined) focusMain(url.hash);
    else window.scrollTo(0, scroll);
  } catch {
    if (controller.signal.aborted) return;
    // offline, or a page the app draws: the browser's own navigation (the service worker answers offline).
    if (replace) location.replace(url);
    else if (push) location.assign(url);
    else location.reload();
  } finally {
    if (navigating === controller) navigating = null;
  }
}

function linkOf(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return null;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement)) return null;
  if ((link.target && link.target !== '_self') || link.hasAttribute('download') || link.origin !== location.origin)
    return null;
  return link;
}

/** Takes over clicks on links to this site's pages, and back and forward between them. */
export function startNavigation(): void {
  history.scrollRestoration = 'manual';
  // in the capture phase, before any island's router sees the click: a link is the page's navigation.
  window.addEventListener(
    'click',
    (event) => {
      const link = linkOf(event);
      if (!link) return;
      const url = new URL(link.href);
      if (sameDocument(url)) return;
      event.preventDefault();
      void visit(url.href);
    },
    true,
  );
  window.addEventListener('popstate', (event) => {
    const state: unknown = event.state;
    const scroll =
      typeof state === 'object' && state !== null && 'scroll' in state && typeof state.scroll === 'number'
        ? state.scroll
        : 0;
    void visit(currentHref(), { push: false, scroll });
  });
}
