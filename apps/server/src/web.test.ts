import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test/app.js';

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('serving the built web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'papo-web-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Papo</title><div id="root"></div>');
    await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    await writeFile(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    await writeFile(path.join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log(1)'));
    t = await buildTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('serves index.html at / without caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
  });

  it('serves hashed assets with a long immutable cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // the service worker above all: a browser must find a new version at its next check (decision 026).
    expect((await t.app.inject({ method: 'GET', url: '/sw.js' })).headers['cache-control']).toBe('no-cache');
  });

  it("sends the build's precompressed file when the browser accepts it", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe('console.log(1)');
    const plain = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('answers a browser GET for a client route with the SPA', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/channels', headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<title>Papo</title>');
  });

  it('keeps JSON 404s for /api, for non-HTML requests and for missing assets', async () => {
    for (const [url, headers] of [
      ['/api/nope', html],
      ['/channels', { accept: 'application/json' }],
      ['/assets/missing.js', { accept: '*/*' }],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'not_found' });
    }
    const post = await t.app.inject({ method: 'POST', url: '/channels', headers: html });
    expect(post.statusCode).toBe(404);
  });

  it('sends the security headers and the content security policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: html });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp.split(';').map((d) => d.trim())).toEqual([
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob: https:",
      "connect-src 'self' ws: wss:",
      "font-src 'self' data:",
      'frame-src https://www.youtube.com https://www.youtube-nocookie.com',
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy']).toBe(csp);
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['permissions-policy']).toBe('camera=(), microphone=(), geolocation=(), payment=(), usb=()');
  });

  it('allows Google Identity Services only when Google sign-in is configured', async () => {
    const google = await buildTestApp({ env: { WEB_DIST: dist, GOOGLE_CLIENT_ID: 'papo.apps.googleusercontent.com' } });
    try {
      const res = await google.app.inject({ method: 'GET', url: '/', headers: html });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self' https://accounts.google.com/gsi/client");
      expect(csp).toContain(
        'frame-src https://www.youtube.com https://www.youtube-nocookie.com https://accounts.google.com/gsi/',
      );
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    } finally {
      await google.close();
    }
  });
});

describe('without a built web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers JSON 404 even to a browser', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/channels', headers: html });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'not_found' });
  });
});
