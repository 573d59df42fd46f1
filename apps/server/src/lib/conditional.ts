import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedValue } from './shared-cache.js';

/**
 * Public reads may be stored by browsers and shared caches, but are checked with the server each time
 * (`no-cache`): a change is seen at once, and an unchanged record costs a 304 without a body.
 */
export const publicReadCacheControl = 'public, no-cache';

/** Whether `If-None-Match` names this ETag (weak comparison, RFC 9110 §13.1.2), or is `*`. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/**
 * Each kept answer's JSON as UTF-8 bytes, made on its first send: a string body is encoded on every send (once
 * for its length, once for the socket), which for a list page of 20 articles costs more than the rest of the
 * request. Held while the answer is (a WeakMap: a forgotten answer takes its bytes with it).
 */
const encoded = new WeakMap<CachedValue<unknown>, Buffer>();

export function bytesOf(cached: CachedValue<unknown>): Buffer {
  let bytes = encoded.get(cached);
  if (!bytes) {
    bytes = Buffer.from(cached.json, 'utf8');
    encoded.set(cached, bytes);
  }
  return bytes;
}

/** Answers a cached public read: 304 when the client holds this version, else its JSON as it was cached. */
export function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedValue<unknown>): FastifyReply {
  reply.header('etag', cached.etag).header('cache-control', publicReadCacheControl);
  if (matchesEtag(request.headers['if-none-match'], cached.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(bytesOf(cached));
}
