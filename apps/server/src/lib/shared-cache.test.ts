import { describe, expect, it } from 'vitest';
import { createBus } from './bus.js';
import { createCacheRegistry } from './shared-cache.js';

describe('a kept record known at once (peek)', () => {
  it('is the value `get` keeps, none before it is loaded and none once forgotten', async () => {
    const bus = createBus({ channel: 'papo-test-peek', warn: () => undefined });
    try {
      const registry = createCacheRegistry({ bus });
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
    } finally {
      await bus.close();
    }
  });
});
