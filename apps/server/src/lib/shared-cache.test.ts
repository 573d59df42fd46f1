import { describe, expect, it } from 'vitest';
import { createBus } from './bus.js';
import { createCacheRegistry, keptOrLoaded, thenMaybe, type CacheRegistry } from './shared-cache.js';

/** A cache registry on a bus of its own (no Redis: one node), closed after `use`. */
async function withRegistry(channel: string, use: (registry: CacheRegistry) => Promise<void>): Promise<void> {
  const bus = createBus({ channel, warn: () => undefined });
  try {
    await use(createCacheRegistry({ bus }));
  } finally {
    await bus.close();
  }
}

describe('a kept record known at once (peek)', () => {
  it('is the value `get` keeps, none before it is loaded and none once forgotten', async () => {
    await withRegistry('papo-test-peek', async (registry) => {
      let loads = 0;
      const cache = registry.cache<number, { n: number }>('peek', async (key) => (loads++, key > 0 ? { n: key } : undefined));
      expect(cache.peek(1)).toBeUndefined();
      const loaded = await cache.get(1);
      expect(cache.peek(1)).toBe(loaded);
      expect(loads).toBe(1);
      // A record the loader did not find is never kept.
      await cache.get(-1);
      expect(cache.peek(-1)).toBeUndefined();
      await cache.invalidate(1);
      expect(cache.peek(1)).toBeUndefined();
      const again = await cache.get(1);
      expect(again).not.toBe(loaded);
      expect(cache.peek(1)).toBe(again);
      await registry.forget('peek');
      expect(cache.peek(1)).toBeUndefined();
    });
  });
});

describe('a kept record served in the same turn (keptOrLoaded, thenMaybe)', () => {
  it('is the kept record itself, not a promise, once loaded; a promise of the load before that and after a forget', async () => {
    await withRegistry('papo-test-kept-or-loaded', async (registry) => {
      let loads = 0;
      const cache = registry.cache<number, { n: number }>('kept-or-loaded', async (key) => (loads++, { n: key }));
      const first = keptOrLoaded(cache, 1);
      expect(first).toBeInstanceOf(Promise);
      const loaded = await first;
      expect(keptOrLoaded(cache, 1)).toBe(loaded);
      expect(loads).toBe(1);
      await cache.invalidate(1);
      const again = keptOrLoaded(cache, 1);
      expect(again).toBeInstanceOf(Promise);
      expect(await again).toEqual({ ...loaded, value: { n: 1 } });
      expect(loads).toBe(2);
    });
  });

  it('runs the next step at once on a value, after it settles on a promise, and passes on what that step throws', async () => {
    const order: string[] = [];
    const now = thenMaybe(2, (n) => (order.push('now'), n * 10));
    order.push('after now');
    expect(now).toBe(20);
    const later = thenMaybe(Promise.resolve(3), (n) => (order.push('later'), n * 10));
    order.push('after later');
    expect(later).toBeInstanceOf(Promise);
    expect(await later).toBe(30);
    expect(order).toEqual(['now', 'after now', 'after later', 'later']);
    expect(() => thenMaybe(1, () => { throw new Error('refused'); })).toThrow('refused');
    await expect(thenMaybe(Promise.resolve(1), () => { throw new Error('refused'); })).rejects.toThrow('refused');
  });
});
