import http from 'node:http';
import sharp from 'sharp';
import { uploadLimits } from '@papo/contract/editor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Resolver } from '../../lib/outbound-address.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { describeEachDialect } from '../../test/db.js';
import { buildUser, personas, type TestUser } from '../../test/users.js';

/** A site outside, on loopback: an image, a page, an endless body, a declared huge one, a slow one, redirects. */
async function outsideSite(
  png: Buffer,
): Promise<{ origin: string; port: number; requests: () => number; close: () => Promise<void> }> {
  let requests = 0;
  const server = http.createServer((request, response) => {
    requests += 1;
    const path = request.url ?? '/';
    if (path === '/cat.png') {
      // a wrong declared type: the bytes decide.
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end(png);
    } else if (path === '/page.png') {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end('<!doctype html><html><body>not an image</body></html>');
    } else if (path === '/huge.png') {
      // A PNG's signature, then more than the cap, without a declared length.
      response.writeHead(200, { 'content-type': 'image/png' });
      response.write(png.subarray(0, 16));
      const chunk = Buffer.alloc(256 * 1024);
      let sent = 0;
      const pump = () => {
        while (sent <= uploadLimits.bytes && !response.destroyed) {
          sent += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
        response.end();
      };
      pump();
    } else if (path === '/declared-huge.png') {
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': String(uploadLimits.bytes + 1) });
      response.write(png.subarray(0, 16));
    } else if (path === '/to-inside') {
      response.writeHead(302, { location: 'http://10.1.2.3/cat.png' });
      response.end();
    } else if (path === '/moved') {
      response.writeHead(302, { location: '/cat.png' });
      response.end();
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    origin: `http://127.0.0.1:${address.port}`,
    port: address.port,
    requests: () => requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#c63' } })
    .png()
    .toBuffer();

describeEachDialect('importing an outside image into the library', (dialect) => {
  let t: TestApp;
  let site: Awaited<ReturnType<typeof outsideSite>>;
  let staff: TestUser;
  let member: TestUser;
  beforeAll(async () => {
    site = await outsideSite(await png());
    t = await buildTestApp({ dialect });
    staff = await buildUser(t.app, { roles: personas.moderator });
    member = await buildUser(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  const importing = (url: unknown, headers = staff.headers) =>
    t.app.inject({ method: 'POST', url: '/api/editor/library/import', headers, payload: { url } });

  it('stores the image the server fetched, whatever type it was declared as, and lists it in the library', async () => {
    const res = await importing(`${site.origin}/cat.png`);
    expect(res.statusCode, res.body).toBe(201);
    const file = res.json();
    expect(file).toMatchObject({ width: 64, height: 48 });
    expect(file.name).toMatch(/^library\/[0-9a-f]+\.png$/);
    const library = (await t.app.inject({ url: '/api/uploads', headers: staff.headers })).json();
    expect(library.files.map((f: { name: string }) => f.name)).toContain(file.name);
    const served = await t.app.inject({ url: `/uploads/${file.name}` });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(64);
  });

  it('follows a redirect to an image', async () => {
    const res = await importing(`${site.origin}/moved`);
    expect(res.statusCode, res.body).toBe(201);
  });

  it.each([
    ['a redirect to an address inside', '/to-inside', 400, 'import_address_refused'],
    ['a page that calls itself an image', '/page.png', 400, 'import_not_image'],
    ['a body past the cap, with no length declared', '/huge.png', 413, 'image_too_large'],
    ['a body declared past the cap', '/declared-huge.png', 413, 'image_too_large'],
    ['an address that answers 404', '/gone.png', 422, 'import_unreachable'],
  ])('refuses %s', async (_name, path, status, key) => {
    const res = await importing(`${site.origin}${path}`);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toBe(key);
  });

  it('answers unreachable for a port nothing listens on, and refuses what is no http(s) address', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const address = closed.address();
    await new Promise((resolve) => closed.close(resolve));
    if (!address || typeof address === 'string') throw new Error('no port');
    expect((await importing(`http://127.0.0.1:${address.port}/x.png`)).json().message).toBe('import_unreachable');
    for (const url of ['file:///etc/passwd', 'not a url', '', 42]) {
      const res = await importing(url);
      expect(res.statusCode, String(url)).toBe(400);
      expect(res.json().message).toBe(
        typeof url === 'string' && url !== '' ? 'import_address_refused' : 'validation_failed',
      );
    }
  });

  it('is for staff only', async () => {
    const before = site.requests();
    expect((await importing(`${site.origin}/cat.png`, member.headers)).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/editor/library/import',
          payload: { url: `${site.origin}/cat.png` },
        })
      ).statusCode,
    ).toBe(401);
    expect(site.requests()).toBe(before);
  });
});

describe('importing in production, with a resolver the test controls', () => {
  let t: TestApp;
  let site: Awaited<ReturnType<typeof outsideSite>>;
  let staff: TestUser;
  const resolver: Resolver = async (hostname) => {
    if (hostname === 'inside.example.com') return [{ address: '127.0.0.1', family: 4 }];
    if (hostname === 'private.example.com') return [{ address: '10.0.0.7', family: 4 }];
    throw new Error(`ENOTFOUND ${hostname}`);
  };
  beforeAll(async () => {
    site = await outsideSite(await png());
    t = await buildTestApp({ env: { NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40) }, resolver });
    staff = await buildUser(t.app, { roles: personas.moderator });
  });
  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  it.each([
    (port: number) => `http://127.0.0.1:${port}/cat.png`,
    (port: number) => `https://127.0.0.1:${port}/cat.png`,
    (port: number) => `https://inside.example.com:${port}/cat.png`,
    (port: number) => `https://localhost:${port}/cat.png`,
    () => 'https://10.1.2.3/cat.png',
    () => 'https://private.example.com/cat.png',
    () => 'https://unknown.example.com/cat.png',
  ])('refuses an address inside (%#) without connecting to it', async (address) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/editor/library/import',
      headers: staff.headers,
      payload: { url: address(site.port) },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ message: 'import_address_refused', errors: { url: ['import_address_refused'] } });
    expect(site.requests()).toBe(0);
  });
});
