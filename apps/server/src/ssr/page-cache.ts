import type { ServerRenderedPage } from '@papo/contract/server-render';
import type { FastifyInstance } from 'fastify';
import type { RenderBudget } from './render-budget.js';

/*
 * Pages the server rendered, kept in each node's memory through the shared caches (lib/shared-cache.ts), so a
 * visitor arriving from a search engine gets the page without waiting for its API calls and render passes
 * (decision 019). Pages are rendered as a visitor sees them whoever asks (no token is ever forwarded), so one
 * entry serves everybody asking for the same address in the same language with the same cookies.
 *
 * A page is a record of the shared caches like any other (decision 053): its render's API calls run inside its load,
 * so it keeps the sources of every answer they read (kept or queried), and a commit writing one of them forgets it on
 * every node, whoever wrote and however (a request, a scheduled release, an admin command). A write of anything no
 * page read (a chat message, a member's settings) forgets none. What changes with no write here (a provider's news,
 * the clock) is at most a minute old:
 * an entry belongs to the half-minute it was rendered in and is served in that one and the next. A visitor
 * arriving in the next half-minute gets the kept page at once while its successor is rendered behind it, so on
 * a page visited at least twice a minute nobody waits for a render (decision 019, fourth pass). A successor that
 * shows nothing new is the kept page itself: its bytes and ETag stay those of the first render, and a browser
 * holding them keeps getting 304 until something the page shows changes.
 */

const renderedPagesCache = 'rendered-pages';
// an entry is served in its own half-minute and the next, so it is never a minute old: the handover's rule.
const halfMinuteMs = 30_000;

/** What a rendered page depends on besides the data: its address, its language and the cookies its render reads (the renderer's `pageInput`). */
export function renderedPageKey(url: string, language: string, cookie: string): string {
  const cookies = cookie
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
    .sort()
    .join('; ');
  return `${language}\n${cookies}\n${url}`;
}

/** What is kept of a page: the first view the server rendered, with whatever its server adds to it (the preview). */
export interface PageCache<P extends object = ServerRenderedPage> {
  /**
   * The page for `key` from memory, else from `render` (kept unless it is null: a page the browser renders alone).
   * A page kept from the previous half-minute is answered at once, and `render` then makes this half-minute's; it
   * gets that page, and answers it again when its own render shows nothing new (the same bytes and ETag go on).
   * `budgetedFor`, the client address of a request whose page has declared query parameters: a render it would
   * start (a miss, or a kept page's successor) is first admitted by the budget; refused, a miss gets null and a kept
   * page is answered without a successor.
   */
  page(key: string, render: (previous?: P) => Promise<P | null>, budgetedFor?: string): Promise<P | null>;
  /** Settles once no render is under way, those made behind an answered page included (closing, tests). */
  settled(): Promise<void>;
  /**
   * Renders under way, renders waiting behind an answered page, misses refused since start because too many renders
   * were under way (`refused`) or past the budget of new renders (`overBudget`).
   */
  stats(): { rendering: number; behind: number; refused: number; overBudget: number };
}

export interface PageCacheOptions<P> {
  /** The clock (tests move it); Date.now by default. */
  now?: () => number;
  /** A kept page's ETag, when it holds its finished bytes (src/web.ts): the shared cache then serialises nothing. */
  etag?: (page: P) => string;
  /**
   * Renders under way at most (they overlap, each waiting for its data or its compression in turn): a miss beyond
   * them gets null at once (the browser renders that page), so a storm of distinct pages cannot pile up renders
   * without end.
   */
  maxRenders?: number;
  /** New renders the declared query parameters may cause (ssr/render-budget.ts); unbudgeted without it. */
  budget?: RenderBudget;
}

export function createPageCache<P extends object = ServerRenderedPage>(
  app: FastifyInstance,
  opts: PageCacheOptions<P> = {},
): PageCache<P> {
  // Date.now looked up at each call, so a test that moves the clock (`vi.setSystemTime`) moves this one too.
  const now = opts.now ?? (() => Date.now());
  // the shared cache's loader receives only the key; the render of the request asking is found by it. A key
  // with no render registered loads nothing, so a `get` of it only looks (`kept`).
  const renders = new Map<string, () => Promise<P | null>>();
  const running = new Map<string, Promise<P | null>>();
  const admitted = (budgetedFor: string | undefined) =>
    budgetedFor === undefined || !opts.budget || opts.budget.admit(budgetedFor);
  const cache = app.caches.cache<string, P>(
    renderedPagesCache,
    async (key) => (await renders.get(key)?.()) ?? undefined,
    { etag: opts.etag },
  );

  const kept = async (key: string): Promise<P | undefined> =>
    running.has(key) ? undefined : (await cache.get(key))?.value;

  /** Renders `key` once however many ask at the same time; the shared cache keeps the result. */
  let refused = 0;
  const renderOnce = (key: string, render: () => Promise<P | null>, budgetedFor?: string): Promise<P | null> => {
    const pending = running.get(key);
    if (pending) return pending;
    if (running.size >= (opts.maxRenders ?? Number.POSITIVE_INFINITY)) {
      refused += 1;
      return Promise.resolve(null);
    }
    if (!admitted(budgetedFor)) return Promise.resolve(null);
    renders.set(key, render);
    const made = cache
      .get(key)
      .then((value) => value?.value ?? null)
      .finally(() => {
        renders.delete(key);
        running.delete(key);
      });
    running.set(key, made);
    return made;
  };

  // renders waiting to start behind an answered page, so `settled` also waits for those not begun yet.
  const behind = new Set<Promise<unknown>>();
  const renderBehind = (key: string, render: () => Promise<P | null>) => {
    // started after this answer's own work, so the visitor holding the kept page does not wait for it.
    const later: Promise<unknown> = new Promise((resolve) => setImmediate(resolve))
      .then(() => renderOnce(key, render))
      .catch((error: unknown) => app.log.error({ err: error }, 'server render behind a kept page failed'))
      .finally(() => behind.delete(later));
    behind.add(later);
  };

  const settled = async () => {
    while (running.size > 0 || behind.size > 0) await Promise.allSettled([...running.values(), ...behind]);
  };

  return {
    stats: () => ({ rendering: running.size, behind: behind.size, refused, overBudget: opts.budget?.refused() ?? 0 }),
    async page(key, render, budgetedFor) {
      const half = Math.floor(now() / halfMinuteMs);
      const current = `${half}\n${key}`;
      const fresh = await kept(current);
      if (fresh) return fresh;
      const previous = await kept(`${half - 1}\n${key}`);
      if (!previous) return renderOnce(current, () => render(), budgetedFor);
      // admitted now, for the request asking: otherwise every page a storm got rendered once would be rendered
      // again each half-minute it is asked, a cost growing with the storm's length. Refused, the page is not renewed.
      if (running.has(current) || admitted(budgetedFor)) renderBehind(current, () => render(previous));
      return previous;
    },
    settled,
  };
}
