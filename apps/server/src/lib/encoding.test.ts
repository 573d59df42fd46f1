import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compress, compressPerRequest, preferredCoding } from './encoding.js';

describe('preferredCoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['x-gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=1.0, gzip;q=0.8', 'br'],
    ['gzip;q=0, br;q=0', undefined],
    ['*', 'br'],
    ['*;q=0.2, gzip', 'gzip'],
    ['*, br;q=0', 'gzip'],
    ['gzip;q=abc', undefined],
    ['gzip;q=1.5', undefined],
    ['deflate', undefined],
    [' gzip ; q=0.9 , identity', 'gzip'],
    [',,;,', undefined],
  ])('%j → %j', (header, coding) => {
    expect(preferredCoding(header)).toBe(coding);
    // Remembered answers are the same answers.
    expect(preferredCoding(header)).toBe(coding);
  });

  it('keeps answering right past the number of header values it remembers', () => {
    for (let i = 0; i < 200; i += 1) expect(preferredCoding(`gzip;q=0.${(i % 9) + 1}, x-${i}`)).toBe('gzip');
    expect(preferredCoding('br, gzip;q=0.1')).toBe('br');
  });
});

describe('compress', () => {
  const bytes = Buffer.from(
    JSON.stringify({ articles: Array.from({ length: 40 }, (_, i) => ({ id: i, title: `Título número ${i}` })) }),
  );

  it('makes brotli and gzip that decode to the same bytes, smaller', () => {
    const br = compress(bytes, 'br');
    const gzip = compress(bytes, 'gzip');
    expect(brotliDecompressSync(br).equals(bytes)).toBe(true);
    expect(gunzipSync(gzip).equals(bytes)).toBe(true);
    expect(br.length).toBeLessThan(bytes.length / 2);
    expect(gzip.length).toBeLessThan(bytes.length / 2);
  });

  it('compresses a page per request in either coding, off the event loop, to the same text', async () => {
    const html = `<p>${'Olá, canal! '.repeat(200)}</p>`;
    expect(brotliDecompressSync(await compressPerRequest(html, 'br')).toString('utf8')).toBe(html);
    expect(gunzipSync(await compressPerRequest(html, 'gzip')).toString('utf8')).toBe(html);
  });
});
