import http from 'node:http';
import https from 'node:https';
import { checkOutboundUrl, pinnedLookup, type CheckedUrl, type Resolver, type UrlRefusal } from './outbound-address.js';

export interface OutboundFetchOptions {
  production: boolean;
  resolve: Resolver;
  /** Largest body taken; a longer one (declared or read) is dropped as soon as it is known. */
  maxBytes: number;
  /** For the whole exchange, redirects and body included: a server that trickles its answer is cut off. */
  timeoutMs: number;
  /** Redirects followed, each to an address checked like the first. */
  maxRedirects: number;
  /** Whether the first bytes of the body are of the kind wanted (`head` holds at least `sniffBytes` unless the body is shorter). */
  sniff: (head: Buffer) => boolean;
  sniffBytes: number;
}

export type OutboundFetchResult =
  | { kind: 'fetched'; bytes: Buffer }
  | { kind: 'refused'; reason: UrlRefusal }
  | { kind: 'too_large' }
  | { kind: 'unwanted' }
  /** No answer, an answer that is not 2xx, too many redirects, or out of time. */
  | { kind: 'unreachable' };

type Step = OutboundFetchResult | { kind: 'redirect'; location: string };

/** One GET to an address already checked, connecting to the checked address only. */
function getOnce(checked: CheckedUrl, options: OutboundFetchOptions, signal: AbortSignal): Promise<Step> {
  const send = checked.url.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve) => {
    const request = send(
      checked.url,
      { method: 'GET', lookup: pinnedLookup(checked), agent: false, signal, headers: { accept: 'image/*' } },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (status >= 300 && status < 400 && location) {
          response.resume();
          resolve({ kind: 'redirect', location });
          return;
        }
        if (status < 200 || status >= 300) {
          response.resume();
          resolve({ kind: 'unreachable' });
          return;
        }
        const declared = Number(response.headers['content-length']);
        if (Number.isFinite(declared) && declared > options.maxBytes) {
          request.destroy();
          resolve({ kind: 'too_large' });
          return;
        }
        const chunks: Buffer[] = [];
        let length = 0;
        let sniffed = false;
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          length += chunk.length;
          if (length > options.maxBytes) {
            request.destroy();
            resolve({ kind: 'too_large' });
            return;
          }
          if (!sniffed && length >= options.sniffBytes) {
            sniffed = true;
            // what the body is decides, never its declared type; the rest of an unwanted body is never read.
            if (!options.sniff(Buffer.concat(chunks))) {
              request.destroy();
              resolve({ kind: 'unwanted' });
            }
          }
        });
        response.on('end', () => {
          const bytes = Buffer.concat(chunks);
          resolve(!sniffed && !options.sniff(bytes) ? { kind: 'unwanted' } : { kind: 'fetched', bytes });
        });
        // after 'end' this changes nothing (a promise settles once); before it, the answer was cut off.
        response.on('close', () => resolve({ kind: 'unreachable' }));
      },
    );
    request.on('error', () => resolve({ kind: 'unreachable' }));
    request.end();
  });
}

/**
 * GETs an address outside on the server's behalf: every address (the first and each redirect) goes through the
 * outbound address policy (lib/outbound-address.ts) before any connection, the body is capped and sniffed while it
 * arrives, and the whole exchange has one deadline. Never throws.
 */
export async function fetchOutside(address: string, options: OutboundFetchOptions): Promise<OutboundFetchResult> {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  let next = address;
  for (let hop = 0; hop <= options.maxRedirects; hop += 1) {
    const checked = await checkOutboundUrl(next, options);
    if (typeof checked === 'string') return { kind: 'refused', reason: checked };
    if (deadline.aborted) return { kind: 'unreachable' };
    const step = await getOnce(checked, options, deadline);
    if (step.kind !== 'redirect') return step;
    try {
      next = new URL(step.location, checked.url).href;
    } catch {
      return { kind: 'unreachable' };
    }
  }
  return { kind: 'unreachable' };
}
