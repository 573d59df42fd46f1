import { startServiceWorker } from './features/pwa/lib/start-service-worker';
import { appEntry, appTakesOver, onPageChange, setBeforeSwap, signedIn, startNavigation } from './islands/navigation';
import { isIslandName, islands, type IslandName } from './islands/registry';

/*
 * The script of public pages (decision 042): the page is the server's HTML and stays so; only its islands
 * (`[data-island]`) hydrate, each in its own React root, when first used or when it comes near the screen. React and
 * the island's code load then, not with the page.
 */

interface IslandState {
  name: IslandName;
  /** Set once its code is asked for; resolves when it responds. */
  waking: Promise<void> | null;
  unmount: (() => void) | null;
}

const states = new WeakMap<HTMLElement, IslandState>();
const live = new Set<HTMLElement>();
// touchstart wakes an island too, through holdTouches, which gives its gesture again.
const wakeEvents = ['pointerdown', 'focusin', 'keydown', 'mouseover'] as const;

function wake(element: HTMLElement, state: IslandState): Promise<void> {
  // a navigation leaves a waking island in place (islands/navigation.ts swaps only sleeping ones outside main).
  element.dataset.islandWaking = '';
  state.waking ??= import('./islands/hydrate').then(async ({ hydrateIsland }) => {
    const root = await hydrateIsland(element, state.name);
    state.unmount = () => root.unmount();
    live.add(element);
    element.dataset.islandLive = '';
  });
  return state.waking;
}

/**
 * A click on an island not yet live: held back, and given again to what was clicked once the island responds, so
 * the first tap on a menu opens it. Links are left to the page's navigation.
 */
function holdClick(element: HTMLElement, state: IslandState, event: MouseEvent): void {
  if (state.unmount || event.defaultPrevented) return;
  const target = event.target instanceof Element ? event.target : null;
  if (!target || target.closest('a[href]')) return;
  // an island woken by its try again alone shows data: a click anywhere else in it asks for no code.
  if (islands[state.name].wake === 'retry' && !target.closest('button')) return;
  event.preventDefault();
  event.stopPropagation();
  // dispatched on what was clicked (an icon inside a button is an SVG element, which has no `click()`).
  void wake(element, state).then(() =>
    target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window })),
  );
}

/** A change on a select of an island not yet live: its value is kept and the change given again once it responds. */
function holdChange(element: HTMLElement, state: IslandState, event: Event): void {
  const target = event.target;
  if (state.unmount || !(target instanceof HTMLSelectElement || target instanceof HTMLInputElement)) return;
  const value = target.value;
  void wake(element, state).then(() => {
    target.value = value;
    target.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

/** A touch before the island was live: its kind, where it happened and its points. */
interface HeldTouch {
  type: string;
  target: EventTarget;
  points: { identifier: number; clientX: number; clientY: number }[];
}

/**
 * Touches on an island not yet live (a swipe begun as the page's scripts arrive): kept in order and given again once
 * it responds, so the gesture that woke it still counts.
 */
function holdTouches(element: HTMLElement, state: IslandState): void {
  const held: HeldTouch[] = [];
  const keep = (event: TouchEvent) => {
    if (state.unmount) return;
    const points = [...event.touches].map(({ identifier, clientX, clientY }) => ({ identifier, clientX, clientY }));
    if (event.target) held.push({ type: event.type, target: event.target, points });
  };
  const types = ['touchstart', 'touchmove', 'touchend', 'touchcancel'] as const;
  types.forEach((type) => element.addEventListener(type, keep, { passive: true }));
  element.addEventListener(
    'touchstart',
    () =>
      void wake(element, state).then(() => {
        types.forEach((type) => element.removeEventListener(type, keep));
        for (const { type, target, points } of held.splice(0)) {
          const touches = target instanceof Element ? points.map((point) => new Touch({ ...point, target })) : [];
          target.dispatchEvent(
            new TouchEvent(type, {
              bubbles: true,
              cancelable: true,
              touches,
              targetTouches: touches,
              changedTouches: touches,
            }),
          );
        }
      }),
    { once: true, passive: true },
  );
}

let nearScreen: IntersectionObserver | null = null;

function observe(element: HTMLElement): void {
  nearScreen ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        nearScreen?.unobserve(entry.target);
        const island = entry.target.closest<HTMLElement>('[data-island]');
        const state = island ? states.get(island) : undefined;
        if (island && state) void wake(island, state);
      }
    },
    { rootMargin: '200px' },
  );
  // the island's wrapper has no box of its own (`display: contents`): its first element is what shows.
  const shown = element.firstElementChild ?? element.parentElement;
  if (shown) nearScreen.observe(shown);
}

function wakeOnMedia(query: string, start: () => Promise<void>): void {
  const media = window.matchMedia(query);
  if (media.matches) void start();
  else media.addEventListener('change', () => void start(), { once: true });
}

const byArrowKeys = new Set<() => Promise<void>>();

// an arrow key before the islands that answer it are live is held and given again once they are.
window.addEventListener('keydown', (event) => {
  if (byArrowKeys.size === 0 || (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight')) return;
  const waking = [...byArrowKeys].map((start) => start());
  byArrowKeys.clear();
  const { key } = event;
  void Promise.all(waking).then(() => window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true })));
});

/** Finds the islands under `root` and arranges for each to wake. */
function findIslands(root: ParentNode): void {
  for (const element of root.querySelectorAll<HTMLElement>('[data-island]')) {
    const name = element.dataset.island ?? '';
    if (states.has(element) || !isIslandName(name)) continue;
    // an island inside another is hydrated by its outer one.
    if (element.parentElement?.closest('[data-island]')) continue;
    const state: IslandState = { name, waking: null, unmount: null };
    states.set(element, state);
    const def = islands[name];
    if (def.wake === 'visible') observe(element);
    if (typeof def.wake === 'object' && 'media' in def.wake) wakeOnMedia(def.wake.media, () => wake(element, state));
    if (typeof def.wake === 'object' && 'event' in def.wake)
      window.addEventListener(def.wake.event, () => void wake(element, state), { once: true });
    if ((def.member && signedIn()) || element.hasAttribute('data-island-awake')) void wake(element, state);
    if (def.arrowKeys) byArrowKeys.add(() => wake(element, state));
    element.addEventListener('click', (event) => holdClick(element, state, event), true);
    if (def.wake === 'retry') continue;
    const start = () => void wake(element, state);
    wakeEvents.forEach((type) => element.addEventListener(type, start, { once: true, passive: true }));
    element.addEventListener('change', (event) => holdChange(element, state, event), true);
    holdTouches(element, state);
  }
}

/** Makes the page's islands wake as they are used, and its links navigate between public pages. */
function startIslands(): void {
  setBeforeSwap((leaving) => {
    for (const element of live) {
      if (!leaving.some((region) => region.contains(element))) continue;
      states.get(element)?.unmount?.();
      live.delete(element);
    }
  });
  // the server draws the visitor's page; what only a visitor is offered (create an account) hides for a member.
  if (signedIn()) document.documentElement.dataset.member = '';
  onPageChange(() => findIslands(document));
  findIslands(document);
  startNavigation();
  // the page responds from here on (an island's first click is held and replayed): end-to-end tests wait for it.
  document.documentElement.dataset.appReady = '';

  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    const mount = () => void startServiceWorker().catch(() => undefined);
    if (document.readyState === 'complete') mount();
    else window.addEventListener('load', mount, { once: true });
  }
}

/** Loads the app, which hydrates the whole page itself (an island renders alike in it), service worker included. */
function startApp(src: string): void {
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = src;
  document.head.append(script);
}

const appSrc = appEntry(document);
if (appSrc !== null && appTakesOver(document)) startApp(appSrc);
else startIslands();
