import { existsSync } from 'node:fs';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { multipartBody } from '../test/multipart.js';
import { registerMultipart } from './multipart.js';

describe('registerMultipart', () => {
  const apps: ReturnType<typeof Fastify>[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  async function build() {
    const app = Fastify();
    apps.push(app);
    await registerMultipart(app, { limits: { fileSize: 1024 * 1024, files: 1 } });
    const saved: string[] = [];
    app.post('/save', async (request) => {
      const { files } = (await request.saveRequestFiles()) as unknown as { files: { filepath: string }[] };
      saved.push(...files.map((file) => file.filepath));
      return { saved: files.length, present: files.every((file) => existsSync(file.filepath)) };
    });
    app.post('/json', async (request) => ({ body: request.body ?? null, multipart: request.isMultipart() }));
    app.get('/plain', async () => ({ ok: true }));
    return { app, saved };
  }

  it('still cleans the files a multipart request saved, once its answer is sent', async () => {
    const { app, saved } = await build();
    const body = multipartBody({
      files: [{ field: 'file', filename: 'a.txt', type: 'text/plain', data: Buffer.from('hello') }],
    });
    const res = await app.inject({ method: 'POST', url: '/save', ...body });
    expect(res.json()).toEqual({ saved: 1, present: true });
    expect(saved).toHaveLength(1);
    // the files go in the answer's onResponse hook, which removes them asynchronously after the answer is out.
    await vi.waitFor(() => expect(existsSync(saved[0]!)).toBe(false));
  });

  it('leaves other requests to their usual handling: JSON parsed, a multipart body taken by its parser, plain GETs', async () => {
    const { app } = await build();
    expect((await app.inject({ method: 'POST', url: '/json', payload: { a: 1 } })).json()).toEqual({
      body: { a: 1 },
      multipart: false,
    });
    const body = multipartBody({ fields: { a: '1' } });
    expect((await app.inject({ method: 'POST', url: '/json', ...body })).json()).toEqual({
      body: null,
      multipart: true,
    });
    expect((await app.inject({ method: 'GET', url: '/plain' })).json()).toEqual({ ok: true });
  });

  it('leaves addHook as it was for everything registered after it', async () => {
    const { app } = await build();
    let ran = false;
    app.addHook('onRequest', async () => {
      ran = true;
    });
    await app.inject({ method: 'GET', url: '/plain' });
    expect(ran).toBe(true);
  });
});
