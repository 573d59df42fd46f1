import Fastify, { type FastifyInstance } from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressFrom, sendCached, type CachedValue } from './conditional.js';
import { etagOf } from './shared-cache.js';

function kept(value: unknown): CachedValue<unknown> {
  const json = JSON.stringify(value);
  return { value, json, etag: etagOf(json) };
}

const large = kept({ items: Array.from({ length: 60 }, (_, i) => ({ id: i, title: `Canção de roda número ${i}` })) });
const small = kept({ id: 1, name: 'Papo' });

describe('sendCached', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    app.get('/large', (request, reply) => sendCached(request, reply, large));
    app.get('/small', (request, reply) => sendCached(request, reply, small));
    await app.ready();
  });
  afterAll(() => app.close());
  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    app.inject({ method, url, headers });

  it('sends a large answer as it is to a client that takes no coding, saying that it varies', async () => {
    expect(large.json.length).toBeGreaterThanOrEqual(compressFrom);
    const res = await get('/large');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBe('accept-encoding');
    expect(res.headers.etag).toBe(large.etag);
    expect(res.body).toBe(large.json);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it.each([
    ['br', 'gzip, deflate, br, zstd', brotliDecompressSync],
    ['gzip', 'gzip, deflate', gunzipSync],
  ] as const)(
    'sends %s to a client that prefers it, with its own ETag, and 304 for that ETag',
    async (coding, accept, decode) => {
      const res = await get('/large', { 'accept-encoding': accept });
      expect(res.headers['content-encoding']).toBe(coding);
      expect(res.headers.vary).toBe('accept-encoding');
      expect(decode(res.rawPayload).toString('utf8')).toBe(large.json);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(res.rawPayload.length).toBeLessThan(large.json.length / 2);
      const etag = String(res.headers.etag);
      expect(etag).not.toBe(large.etag);
      expect(etag).toBe(large.etag.replace(/"$/, `-${coding}"`));

      // The same bytes on every send (made once).
      expect((await get('/large', { 'accept-encoding': accept })).rawPayload.equals(res.rawPayload)).toBe(true);

      const again = await get('/large', { 'accept-encoding': accept, 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.vary).toBe('accept-encoding');
      // A client holding this coding's ETag but now taking none gets the plain answer, not a 304.
      const plain = await get('/large', { 'if-none-match': etag });
      expect(plain.statusCode).toBe(200);
      expect(plain.body).toBe(large.json);
    },
  );

  it('answers HEAD with the coded length and no body', async () => {
    const head = await get('/large', { 'accept-encoding': 'gzip' }, 'HEAD');
    const body = await get('/large', { 'accept-encoding': 'gzip' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(head.headers['content-length']).toBe(body.headers['content-length']);
    expect(head.body).toBe('');
  });

  it('sends a small answer as it is whatever the client takes, without Vary', async () => {
    const res = await get('/small', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    expect(res.body).toBe(small.json);
    expect(res.headers.etag).toBe(small.etag);
  });
});
