import { createTokenBuckets } from '../lib/token-bucket.js';

/*
 * How many new renders the declared query parameters of the public pages (`?q=` on /blog and /lyrics, `?page=`,
 * `/bio?tag=&ano=`…) may cause. Each distinct value is a page of its own (decision 027), so a visitor sending a new
 * value on every request would make the node render without end: past the budget such a miss gets the page rendered
 * in the browser at once, the same answer a miss past `maxRenders` gets. Pages without declared parameters are
 * bounded by the content itself (each kept once) and are not counted here.
 */

export interface RenderBudgetOptions {
  /** New renders per second one client address may cause; twice as many at once. */
  perAddress: number;
  /** New renders per second all addresses together may cause on this node; twice as many at once. */
  overall: number;
  /** Milliseconds clock; tests pass their own. */
  now?: () => number;
}

/**
 * The defaults: a person paging through search results or the biography's filters stays far below them, and a
 * node keeps most of its time for kept pages and the chat however many addresses storm (docs/benchmarks.md,
 * "Render storm").
 */
export const defaultRenderBudget = { perAddress: 1, overall: 4 } as const;

export interface RenderBudget {
  /** Whether `address` may start a new render now (its token and the node's are then spent). */
  admit(address: string): boolean;
  /** Renders refused since start: the page went to the browser. */
  refused(): number;
}

const everyone = '';

export function createRenderBudget(opts: RenderBudgetOptions): RenderBudget {
  const bucket = (perSecond: number) =>
    createTokenBuckets({ perSecond, burst: Math.max(1, 2 * perSecond), now: opts.now });
  const perAddress = bucket(opts.perAddress);
  const overall = bucket(opts.overall);
  let refused = 0;
  return {
    admit(address) {
      // the address first, so one address past its own share spends none of everybody's.
      const admitted = perAddress.take(address) && overall.take(everyone);
      if (!admitted) refused += 1;
      return admitted;
    },
    refused: () => refused,
  };
}
