import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { compress, compressOnce, compressPerRequest, type ContentCoding, preferredCoding } from './encoding.js';

/**
 * Public reads may be stored by browsers and shared caches, but are checked with the server each time
 * (`no-cache`): a change is seen at once, and an unchanged record costs a 304 without a body.
 */
const publicReadCacheControl = 'public, no-cache';

/** Whether `If-None-Match` names this ETag (weak comparison, RFC 9110 §13.1.2), or is `*`. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/**
 * An answer this small goes as it is: compressed, it would save less than the `Content-Encoding` and `Vary`
 * headers cost, and a phone's round trip carries it either way.
 */
export const compressFrom = 1024;

/** A kept answer's JSON as UTF-8 bytes, and each coding of it, made once: on the first send that asks for it. */
interface Encoded {
  identity: Buffer;
  br?: { bytes: Buffer; etag: string };
  gzip?: { bytes: Buffer; etag: string };
}

/**
 * Held while the answer is (a WeakMap: a forgotten answer takes its bytes with it). A string body would be
 * encoded on every send (once for its length, once for the socket), which for a list page of 20 articles costs
 * more than the rest of the request; compressing it per request would cost more still.
 */
/**
 * A value kept in memory with what a conditional request needs: its JSON and a strong ETag of it.
 * built once per load, so a cached read neither serialises nor hashes again.
 */
export interface CachedValue<V> {
  value: V;
  /** Its JSON; empty in a cache whose values are sent as their own bytes (`etag` option: a kept page). */
  json: string;
  etag: string;
}

const encoded = new WeakMap<CachedValue<unknown>, Encoded>();

function encodedOf(cached: CachedValue<unknown>): Encoded {
  let entry = encoded.get(cached);
  if (!entry) {
    entry = { identity: Buffer.from(cached.json, 'utf8') };
    encoded.set(cached, entry);
  }
  return entry;
}

/** The ETag of a coded representation: another representation has another strong validator (RFC 9110 §8.8.3). */
function codedEtag(etag: string, coding: ContentCoding): string {
  return etag.endsWith('"') ? `${etag.slice(0, -1)}-${coding}"` : `${etag}-${coding}`;
}

/** What a kept answer is sent as, for a request's `Accept-Encoding`. */
export interface CachedBody {
  bytes: Buffer;
  coding: ContentCoding | undefined;
  /** Its ETag for this representation. */
  etag: string;
  /** Whether the answer depends on `Accept-Encoding` (large enough to be compressed): `Vary` says so to caches. */
  varies: boolean;
}

/** The bytes of a kept answer for this `Accept-Encoding`: brotli or gzip made once when the client takes them. */
export function bodyOf(cached: CachedValue<unknown>, acceptEncoding: string | undefined): CachedBody {
  const entry = encodedOf(cached);
  if (entry.identity.length < compressFrom)
    return { bytes: entry.identity, coding: undefined, etag: cached.etag, varies: false };
  const coding = preferredCoding(acceptEncoding);
  if (!coding) return { bytes: entry.identity, coding, etag: cached.etag, varies: true };
  const coded = (entry[coding] ??= { bytes: compress(entry.identity, coding), etag: codedEtag(cached.etag, coding) });
  return { bytes: coded.bytes, coding, etag: coded.etag, varies: true };
}

/**
 * A kept read whose loader always finds something (a list, a member's own page): undefined there is a server fault
 * (500), not a 404 — callers whose read may find nothing answer their 404 before sending.
 */
export function alwaysRead<V>(cached: CachedValue<V> | undefined): CachedValue<V> {
  if (cached === undefined) throw new Error('a kept read that always loads found nothing');
  return cached;
}

/** Sends a kept answer's bytes (headers such as the ETag already set) as JSON in its coding. */
export function sendBody(reply: FastifyReply, body: CachedBody): FastifyReply {
  if (body.varies) reply.header('vary', 'accept-encoding');
  if (body.coding) reply.header('content-encoding', body.coding);
  return reply.type('application/json; charset=utf-8').send(body.bytes);
}

/**
 * Answers a cached public read: 304 when the client holds this version, else its JSON as it was cached,
 * compressed (once per version) when it is large and the client accepts brotli or gzip. `cached` may be undefined
 * only where its read always finds something (`alwaysRead`).
 */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedValue<unknown> | undefined,
): FastifyReply {
  const body = bodyOf(alwaysRead(cached), request.headers['accept-encoding']);
  reply.header('etag', body.etag).header('cache-control', publicReadCacheControl);
  if (matchesEtag(request.headers['if-none-match'], body.etag)) {
    if (body.varies) reply.header('vary', 'accept-encoding');
    return reply.code(304).send();
  }
  return sendBody(reply, body);
}

/**
 * Answers a public document made per request (the sitemap, the RSS feeds): its ETag from its bytes, 304 when the
 * client holds it, else the text compressed (off the event loop) when it is large and the client accepts brotli or gzip.
 */
export async function sendDocument(
  request: FastifyRequest,
  reply: FastifyReply,
  text: string,
  contentType: string,
): Promise<FastifyReply> {
  const identity = Buffer.from(text, 'utf8');
  const etag = documentEtag(identity);
  const coding = identity.length < compressFrom ? undefined : preferredCoding(request.headers['accept-encoding']);
  const tag = coding ? codedEtag(etag, coding) : etag;
  reply.header('etag', tag).header('cache-control', publicReadCacheControl).type(contentType);
  if (identity.length >= compressFrom) reply.header('vary', 'accept-encoding');
  if (matchesEtag(request.headers['if-none-match'], tag)) return reply.code(304).send();
  if (!coding) return reply.send(identity);
  return reply.header('content-encoding', coding).send(await compressPerRequest(text, coding));
}

/** A strong ETag of a document's bytes. */
function documentEtag(identity: Buffer): string {
  return `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
}

/**
 * A document made once and sent as it is to every request until it changes (a kept page): its UTF-8 bytes
 * and brotli encoding, each with its ETag, made when the document is made, so a request costs no string work and no
 * compression. Its gzip encoding (level 9) is made on the first request that asks for it and kept: browsers take
 * brotli, and making both for every render was a tenth of a cache-miss render's time (decision 027; figures in
 * docs/benchmarks.md).
 */
export interface FinishedDocument {
  identity: { bytes: Buffer; etag: string };
  br: { bytes: Buffer; etag: string };
  /** The gzip bytes once asked for (the same promise for every request after, so the same bytes). */
  gzip?: Promise<Buffer>;
}

/** Finishes `text`: its bytes, its brotli encoding (off the event loop) and their ETags. */
export async function finishDocument(text: string): Promise<FinishedDocument> {
  const bytes = Buffer.from(text, 'utf8');
  const etag = documentEtag(bytes);
  return { identity: { bytes, etag }, br: { bytes: await compressOnce(bytes, 'br'), etag: codedEtag(etag, 'br') } };
}

/**
 * Sends a finished document in the coding the request prefers, with its ETag; 304 when the client holds it (asked
 * only with `conditional`: a 404 page is sent whole). `vary` names what else the document depends on.
 */
export function sendFinished(
  request: FastifyRequest,
  reply: FastifyReply,
  document: FinishedDocument,
  opts: { contentType: string; cacheControl: string; vary: string; conditional: boolean },
): FastifyReply | Promise<FastifyReply> {
  const coding = preferredCoding(request.headers['accept-encoding']);
  const etag = coding ? codedEtag(document.identity.etag, coding) : document.identity.etag;
  reply.header('etag', etag).header('cache-control', opts.cacheControl).header('vary', opts.vary);
  if (opts.conditional && matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
  if (coding) reply.header('content-encoding', coding);
  reply.type(opts.contentType);
  if (coding !== 'gzip') return reply.send(document[coding ?? 'identity'].bytes);
  document.gzip ??= compressOnce(document.identity.bytes, 'gzip');
  return document.gzip.then((bytes) => reply.send(bytes));
}
