import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants as zlibConstants, gzip, gzipSync } from 'node:zlib';

/** The content codings Papo sends besides the bytes as they are. */
export type ContentCoding = 'br' | 'gzip';

/**
 * Brotli's quality for answers compressed once and sent many times: 5 makes a list page of 20 articles
 * (13.6 KB) into 3.5 KB in under a millisecond; 9 and up take 15–30 times longer for 0–10% less.
 */
const brotliQuality = 5;

const brotliOptions = (size: number) => ({
  params: { [zlibConstants.BROTLI_PARAM_QUALITY]: brotliQuality, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: size },
});
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Compresses `bytes` in the given coding (synchronously: callers compress an answer once, not per request). */
export function compress(bytes: Buffer, coding: ContentCoding): Buffer {
  return coding === 'br' ? brotliCompressSync(bytes, brotliOptions(bytes.length)) : gzipSync(bytes, { level: 9 });
}

/** Compresses `bytes` as `compress` does, off the event loop: a large document made once and sent many times (a kept page). */
export function compressOnce(bytes: Buffer, coding: ContentCoding): Promise<Buffer> {
  return coding === 'br' ? brotliAsync(bytes, brotliOptions(bytes.length)) : gzipAsync(bytes, { level: 9 });
}

/**
 * Compresses a body made per request (a rendered page) off the event loop, at zlib's default gzip level: it is
 * compressed again for the next request, so speed matters more than the last few bytes.
 */
export function compressPerRequest(text: string, coding: ContentCoding): Promise<Buffer> {
  const bytes = Buffer.from(text, 'utf8');
  return coding === 'br' ? brotliAsync(bytes, brotliOptions(bytes.length)) : gzipAsync(bytes);
}

/** The weight (`q`) of one `Accept-Encoding` member: 1 unless given; a malformed weight counts as 0 (not accepted). */
function weightOf(params: string[]): number {
  for (const param of params) {
    const [name, value] = param.split('=').map((part) => part.trim());
    if (name?.toLowerCase() !== 'q') continue;
    const q = value && /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(value) ? Number(value) : 0;
    return q;
  }
  return 1;
}

function parse(header: string): ContentCoding | undefined {
  const weights = new Map<string, number>();
  for (const member of header.split(',')) {
    const [name = '', ...params] = member.split(';');
    const coding = name.trim().toLowerCase();
    if (coding) weights.set(coding, weightOf(params));
  }
  const any = weights.get('*') ?? 0;
  const br = weights.get('br') ?? any;
  const gzip = weights.get('gzip') ?? weights.get('x-gzip') ?? any;
  if (br <= 0 && gzip <= 0) return undefined;
  // brotli when the client weighs it at least as much as gzip: it is the smaller of the two.
  return br >= gzip ? 'br' : 'gzip';
}

/** Browsers send one of a handful of header values, so each value is parsed once (up to this many kept). */
const remembered = new Map<string, ContentCoding | undefined>();
const rememberedLimit = 64;

/**
 * The coding to answer a request's `Accept-Encoding` with (RFC 9110 §12.5.3): brotli or gzip by the client's
 * weights, brotli on a tie; undefined (the bytes as they are) when neither is accepted or no header came.
 */
export function preferredCoding(acceptEncoding: string | undefined): ContentCoding | undefined {
  if (!acceptEncoding) return undefined;
  if (remembered.has(acceptEncoding)) return remembered.get(acceptEncoding);
  const coding = parse(acceptEncoding);
  if (remembered.size >= rememberedLimit) remembered.clear();
  remembered.set(acceptEncoding, coding);
  return coding;
}
