import { maxOpenChannels } from '@papo/contract/open-channels';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { record, waitFor } from '../../realtime/test-support.js';
import { useTestApp } from '../../test/app.js';
import { describeEachDialect } from '../../test/db.js';
import { startListeningTestApp, type ListeningTestApp } from '../../test/sockets.js';
import { buildUser, type TestUser } from '../../test/users.js';

function callOn(app: FastifyInstance, method: 'GET' | 'PUT' | 'DELETE', user: TestUser | null, name?: string) {
  return app.inject({
    method,
    url: name === undefined ? '/api/open-channels' : `/api/open-channels/${name}`,
    headers: user?.headers ?? {},
  });
}

describeEachDialect('open channels per account', (dialect) => {
  const t = useTestApp({ dialect });

  const call = (method: 'GET' | 'PUT' | 'DELETE', user: TestUser | null, name?: string) =>
    callOn(t.app, method, user, name);
  const list = async (user: TestUser) => (await call('GET', user)).json().channels as string[];

  it('needs a token', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const)
      expect((await call(method, null, method === 'GET' ? undefined : 'barra')).statusCode).toBe(401);
  });

  it('keeps each account its own tabs in the order opened, once each, until closed', async () => {
    const [me, other] = [await buildUser(t.app), await buildUser(t.app)];
    expect(await list(me)).toEqual([]);
    expect((await call('PUT', me, 'rio')).json()).toEqual({ channels: ['rio'] });
    await call('PUT', me, 'barra');
    expect((await call('PUT', me, 'rio')).json()).toEqual({ channels: ['rio', 'barra'] });
    await call('PUT', other, 'sampa');
    expect(await list(me)).toEqual(['rio', 'barra']);
    expect((await call('DELETE', me, 'rio')).json()).toEqual({ channels: ['barra'] });
    expect((await call('DELETE', me, 'rio')).statusCode).toBe(200);
    await call('PUT', me, 'rio');
    expect(await list(me)).toEqual(['barra', 'rio']);
    expect(await list(other)).toEqual(['sampa']);
  });

  it('refuses a name that cannot be a channel with a message key', async () => {
    const me = await buildUser(t.app);
    for (const name of ['Barra', 'a'.repeat(31), '%23barra']) {
      const answer = await call('PUT', me, name);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ message: 'validation_failed', errors: { name: ['invalid_channel'] } });
    }
    expect(await list(me)).toEqual([]);
  });

  it('forgets the channel opened longest ago past the cap', async () => {
    const me = await buildUser(t.app);
    for (let n = 0; n <= maxOpenChannels; n++) await call('PUT', me, `c${n}`);
    const kept = await list(me);
    expect(kept).toHaveLength(maxOpenChannels);
    expect(kept[0]).toBe('c1');
    expect(kept.at(-1)).toBe(`c${maxOpenChannels}`);
  });
});

describeEachDialect('open channels told to the member’s other devices', (dialect) => {
  let t: ListeningTestApp;
  beforeAll(async () => {
    t = await startListeningTestApp({ dialect });
  });
  afterEach(() => t.disconnectAll());
  afterAll(() => t?.close());

  it('tells every socket of the member each tab opened or closed, once, and nobody else', async () => {
    const [me, other] = [await buildUser(t.app), await buildUser(t.app)];
    const [phone, laptop, stranger] = [await t.connect(me), await t.connect(me), await t.connect(other)];
    const [onPhone, onLaptop, onStranger] = [
      record(phone, 'open-channel'),
      record(laptop, 'open-channel'),
      record(stranger, 'open-channel'),
    ];

    await callOn(t.app, 'PUT', me, 'rio');
    await callOn(t.app, 'PUT', me, 'rio');
    await callOn(t.app, 'PUT', me, 'barra');
    await callOn(t.app, 'DELETE', me, 'rio');
    await callOn(t.app, 'DELETE', me, 'rio');
    const told = [
      [{ channel: 'rio', open: true }],
      [{ channel: 'barra', open: true }],
      [{ channel: 'rio', open: false }],
    ];
    await waitFor('the changes on both devices', () => onPhone.length === 3 && onLaptop.length === 3);
    // a round trip after the last change: anything more would have arrived before its answer.
    await callOn(t.app, 'GET', me);
    await new Promise((resolve) => phone.timeout(3_000).emit('leave', '#nada', resolve));
    expect(onPhone).toEqual(told);
    expect(onLaptop).toEqual(told);
    expect(onStranger).toEqual([]);
  });

  it('tells a channel forgotten past the cap as closed', async () => {
    const me = await buildUser(t.app);
    for (let n = 0; n < maxOpenChannels; n++) await callOn(t.app, 'PUT', me, `c${n}`);
    const tab = await t.connect(me);
    const seen = record(tab, 'open-channel');
    await callOn(t.app, 'PUT', me, 'nova');
    await waitFor('the open and the forgotten', () => seen.length === 2);
    expect(seen).toEqual([[{ channel: 'nova', open: true }], [{ channel: 'c0', open: false }]]);
  });
});
