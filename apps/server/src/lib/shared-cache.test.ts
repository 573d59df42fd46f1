import { describe, expect, it } from 'vitest';
import { createBus } from './bus.js';
import Fastify from 'fastify';
import { installErrorHandler } from './http-error.js';
import { createCacheRegistry, sendKept, type CacheRegistry } from './shared-cache.js';

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
      const cache = registry.cache<number, { n: number }>(
        'peek',
        async (key) => (loads++, key > 0 ? { n: key } : undefined),
      );
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

describe('a kept record served in the same turn (read)', () => {
  it('is the kept record itself, not a promise, once loaded; a promise of the load before that and after a forget', async () => {
    await withRegistry('papo-test-read', async (registry) => {
      let loads = 0;
      const cache = registry.cache<number, { n: number }>('read', async (key) => (loads++, { n: key }));
      const first = cache.read(1);
      expect(first).toBeInstanceOf(Promise);
      const loaded = await first;
      expect(cache.read(1)).toBe(loaded);
      expect(loads).toBe(1);
      await cache.invalidate(1);
      const again = cache.read(1);
      expect(again).toBeInstanceOf(Promise);
      expect(await again).toEqual({ ...loaded, value: { n: 1 } });
      expect(loads).toBe(2);
    });
  });

  it('forgets the least recently used record beyond `maxEntries`', async () => {
    await withRegistry('papo-test-lru', async (registry) => {
      const cache = registry.cache<number, { n: number }>('lru', async (key) => ({ n: key }), { maxEntries: 2 });
      await cache.get(1);
      await cache.get(2);
      // 1 is asked again, so 2 is now the least recently used.
      expect(cache.read(1)).toBeDefined();
      expect(cache.read(1)).not.toBeInstanceOf(Promise);
      await cache.get(3);
      expect(cache.peek(2)).toBeUndefined();
      expect(cache.peek(1)?.value).toEqual({ n: 1 });
      expect(cache.peek(3)?.value).toEqual({ n: 3 });
    });
  });

  it('is forgotten in every cache of its name by a forget of that name', async () => {
    await withRegistry('papo-test-names', async (registry) => {
      const one = registry.cache<number, { n: number }>('named', async (key) => ({ n: key }));
      const other = registry.cache<number, { n: number }>('named', async (key) => ({ n: key * 10 }));
      await Promise.all([one.get(1), other.get(1)]);
      await registry.forget('named', 1);
      expect([one.peek(1), other.peek(1)]).toEqual([undefined, undefined]);
    });
  });
});

describe('sendKept: the one way a route answers from a cache', () => {
  it('sends a kept record in the same turn (no promise), a loaded one once loaded, and 404 with its key for a missing one', async () => {
    await withRegistry('papo-test-send-kept', async (registry) => {
      const cache = registry.cache<number, { n: number }>('send-kept', async (key) =>
        key > 0 ? { n: key } : undefined,
      );
      const app = Fastify();
      installErrorHandler(app);
      app.get('/kept/:n', (request, reply) => {
        const n = Number((request.params as { n: string }).n);
        const sent = sendKept(request, reply, cache.read(n), { audience: 'public', missing: 'company_not_found' });
        turns.push(sent instanceof Promise ? 'later' : 'now');
        return sent;
      });
      const turns: string[] = [];
      const first = await app.inject({ method: 'GET', url: '/kept/1' });
      expect(first.json()).toEqual({ n: 1 });
      const again = await app.inject({
        method: 'GET',
        url: '/kept/1',
        headers: { 'if-none-match': first.headers.etag },
      });
      expect(again.statusCode).toBe(304);
      const missing = await app.inject({ method: 'GET', url: '/kept/-1' });
      expect([missing.statusCode, missing.json().message]).toEqual([404, 'company_not_found']);
      expect(turns).toEqual(['later', 'now', 'later']);
      await app.close();
    });
  });
});
