import { describe, expect, it } from 'vitest';
import { createBus } from './bus.js';
import Fastify from 'fastify';
import { installErrorHandler } from './http-error.js';
import { currentReads, everySource } from '../db/changes.js';
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

/** A loader's record of `key`, made of the sources it names, as a load that read them from the database would be. */
const reading =
  (sources: (key: number) => string[], counter?: { loads: number }) =>
  async (key: number): Promise<{ n: number } | undefined> => {
    if (counter) counter.loads += 1;
    for (const source of sources(key)) currentReads()?.add(source);
    return key > 0 ? { n: key } : undefined;
  };

describe('a kept record known at once (peek)', () => {
  it('is the value `get` keeps, none before it is loaded and none once a write of what it read is told', async () => {
    await withRegistry('papo-test-peek', async (registry) => {
      const counter = { loads: 0 };
      const cache = registry.cache<number, { n: number }>(
        'peek',
        reading(() => ['things'], counter),
      );
      expect(cache.peek(1)).toBeUndefined();
      const loaded = await cache.get(1);
      expect(cache.peek(1)).toBe(loaded);
      expect(counter.loads).toBe(1);
      // A record the loader did not find is never kept.
      await cache.get(-1);
      expect(cache.peek(-1)).toBeUndefined();
      await registry.wrote(['other_things']);
      expect(cache.peek(1)).toBe(loaded);
      await registry.wrote(['things']);
      expect(cache.peek(1)).toBeUndefined();
      const again = await cache.get(1);
      expect(again).not.toBe(loaded);
      expect(cache.peek(1)).toBe(again);
    });
  });
});

describe('a kept record served in the same turn (read)', () => {
  it('is the kept record itself, not a promise, once loaded; a promise of the load before that and after a write', async () => {
    await withRegistry('papo-test-read', async (registry) => {
      const counter = { loads: 0 };
      const cache = registry.cache<number, { n: number }>(
        'read',
        reading(() => ['things'], counter),
      );
      const first = cache.read(1);
      expect(first).toBeInstanceOf(Promise);
      const loaded = await first;
      expect(cache.read(1)).toBe(loaded);
      expect(counter.loads).toBe(1);
      await registry.wrote(['things']);
      const again = cache.read(1);
      expect(again).toBeInstanceOf(Promise);
      expect(await again).toEqual({ ...loaded, value: { n: 1 } });
      expect(counter.loads).toBe(2);
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
});

describe('records forgotten by what they read', () => {
  it("forgets, in every cache, the records that read a written table or member's rows, and no other", async () => {
    await withRegistry('papo-test-sources', async (registry) => {
      // the member's rows of `users`, and the whole of `channels`.
      const members = registry.cache<number, { n: number }>(
        'members',
        reading((id) => [`users:${id}`, 'channels']),
      );
      const lists = registry.cache<number, { n: number }>(
        'lists',
        reading(() => ['users']),
      );
      const kept = async () => {
        await Promise.all([members.get(1), members.get(2), lists.get(1)]);
        return () => [members.peek(1), members.peek(2), lists.peek(1)].map((record) => record !== undefined);
      };
      let held = await kept();
      await registry.wrote(['users:1']);
      expect(held()).toEqual([false, true, false]);
      held = await kept();
      await registry.wrote(['users']);
      expect(held()).toEqual([false, false, false]);
      held = await kept();
      await registry.wrote(['channels', 'articles']);
      expect(held()).toEqual([false, false, true]);
      held = await kept();
      await registry.wrote([everySource]);
      expect(held()).toEqual([false, false, false]);
    });
  });

  it('narrows a table its cache names (`rows`) to the keys the record shows', async () => {
    await withRegistry('papo-test-rows', async (registry) => {
      const cache = registry.cache<number, { n: number }>(
        'narrowed',
        reading(() => ['users', 'channels']),
        { rows: (key) => ({ users: [key, key + 10] }) },
      );
      await cache.get(1);
      expect([...(cache.sourcesOf(1) ?? [])].sort()).toEqual(['channels', 'users:1', 'users:11']);
      await registry.wrote(['users:2']);
      expect(cache.peek(1)).toBeDefined();
      await registry.wrote(['users:11']);
      expect(cache.peek(1)).toBeUndefined();
    });
  });

  it('keeps a table narrowed to no row as `table:*`: a write of a row leaves it, a write of the whole table forgets it', async () => {
    await withRegistry('papo-test-no-rows', async (registry) => {
      const cache = registry.cache<number, { n: number }>(
        'narrowed-to-none',
        reading(() => ['conversations']),
        { rows: () => ({ conversations: [] }) },
      );
      await cache.get(1);
      expect(cache.sourcesOf(1)).toEqual(['conversations:*']);
      await registry.wrote(['conversations:17']);
      expect(cache.peek(1)).toBeDefined();
      await registry.wrote(['conversations']);
      expect(cache.peek(1)).toBeUndefined();
    });
  });

  it('gives a load the sources of the kept records it reads, so a record made of records (a page) is forgotten with them', async () => {
    await withRegistry('papo-test-nested', async (registry) => {
      const answers = registry.cache<number, { n: number }>(
        'answers',
        reading((id) => [`articles:${id}`]),
      );
      const pages = registry.cache<number, { n: number }>('pages', async (key) => {
        await answers.read(key);
        return { n: key };
      });
      // The first page's answer is loaded by its render; the second's was kept before (a read from memory).
      await pages.get(1);
      await answers.get(2);
      await pages.get(2);
      expect([pages.sourcesOf(1), pages.sourcesOf(2)]).toEqual([['articles:1'], ['articles:2']]);
      await registry.wrote(['articles:2']);
      expect([pages.peek(1) !== undefined, pages.peek(2) !== undefined]).toEqual([true, false]);
    });
  });

  it('keeps out a load during which a write of what it read was told, and keeps one during which another was', async () => {
    await withRegistry('papo-test-generation', async (registry) => {
      let release: () => void = () => undefined;
      let loads = 0;
      const cache = registry.cache<number, { n: number }>('slow', async () => {
        loads += 1;
        currentReads()?.add('company');
        if (loads <= 2) await new Promise<void>((resolve) => (release = resolve));
        return { n: loads };
      });
      let pending = cache.get(1);
      await registry.wrote(['company']);
      release();
      expect((await pending)?.value).toEqual({ n: 1 });
      expect(cache.peek(1)).toBeUndefined();
      pending = cache.get(1);
      await registry.wrote(['articles', 'users:1']);
      release();
      expect((await pending)?.value).toEqual({ n: 2 });
      expect(cache.peek(1)?.value).toEqual({ n: 2 });
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
