import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PushMessage } from '@papo/contract/push';
import { rooms } from '@papo/contract/socket-events';
import type { FastifyInstance } from 'fastify';
import webpush from 'web-push';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.js';
import { describeEachDialect } from '../../test/db.js';
import { startFakeService, type FakeCall, type FakeService } from '../../test/fake-service.js';
import { checkVapid, createTestDevice, type TestDevice } from '../../test/push-device.js';
import { startListeningTestApp, type ListeningTestApp } from '../../test/sockets.js';
import type { TestUser } from '../../test/users.js';
import { waitFor } from '../../test/wait-for.js';
import { request } from '../../realtime/test-support.js';
import { newMember, openConversation, sendMessage } from '../conversations/test-support.js';
import { notify } from '../notifications/service.js';
import { retryDelayMs } from './delivery.js';
import { maxDevicesPerMember } from './repo.js';

let devices = 0;

/** A device whose push service is the fake one, at a path of its own. */
function newDevice(service: FakeService): TestDevice {
  devices += 1;
  return createTestDevice(`${service.url}/push/device-${devices}`);
}

function subscribe(app: FastifyInstance, member: TestUser, body: unknown) {
  return app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: member.headers,
    payload: body as Record<string, unknown>,
  });
}

function pushesTo(service: FakeService, device: TestDevice): FakeCall[] {
  return service.calls.filter((call) => call.path === new URL(device.subscription.endpoint).pathname);
}

async function subscriptionCount(app: FastifyInstance, endpoint: string): Promise<number> {
  const rows = await app.db.selectFrom('push_subscriptions').select('id').where('endpoint', '=', endpoint).execute();
  return rows.length;
}

describe('retry delays', () => {
  const policy = { attempts: 4, firstDelayMs: 1_000, maxDelayMs: 10_000 };

  it('double after each try, within ±20 %, up to the longest', () => {
    expect(retryDelayMs(policy, 1, undefined, () => 0.5)).toBe(1_000);
    expect(retryDelayMs(policy, 2, undefined, () => 0.5)).toBe(2_000);
    expect(retryDelayMs(policy, 3, undefined, () => 0)).toBe(3_200);
    expect(retryDelayMs(policy, 3, undefined, () => 1)).toBe(4_800);
    expect(retryDelayMs(policy, 9, undefined, () => 0.5)).toBe(10_000);
  });

  it("obey the push service's Retry-After, up to the longest", () => {
    expect(retryDelayMs(policy, 1, 0)).toBe(0);
    expect(retryDelayMs(policy, 1, 7_000)).toBe(7_000);
    expect(retryDelayMs(policy, 1, 60_000)).toBe(10_000);
  });
});

describeEachDialect('web push', (dialect) => {
  let t: ListeningTestApp;
  let service: FakeService;

  beforeAll(async () => {
    service = await startFakeService();
    t = await startListeningTestApp({ dialect });
  });
  afterAll(async () => {
    await t?.close();
    await service?.close();
  });
  afterEach(() => t.disconnectAll());

  describe('the key and the subscription calls', () => {
    it('GET /api/push/key answers the VAPID public key generated once into DATA_DIR', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/push/key' });
      expect(res.statusCode).toBe(200);
      const { publicKey } = res.json() as { publicKey: string };
      expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
      const stored = JSON.parse(await readFile(path.join(t.dataDir, 'vapid-keys.json'), 'utf8')) as {
        publicKey: string;
      };
      expect(stored.publicKey).toBe(publicKey);
    });

    it('a subscription needs a signed-in member', async () => {
      const device = newDevice(service);
      const res = await t.app.inject({ method: 'POST', url: '/api/push/subscriptions', payload: device.subscription });
      expect(res.statusCode).toBe(401);
    });

    it('stores the subscription with every kind unless the device chooses, and stores it again as a change', async () => {
      const member = await newMember(t.app, 'sub');
      const device = newDevice(service);
      const first = await subscribe(t.app, member, device.subscription);
      expect(first.statusCode).toBe(201);
      expect(first.json()).toEqual({
        status: 'success',
        kinds: ['private_message', 'mention', 'level', 'moderation', 'contact_reply'],
      });
      const again = await subscribe(t.app, member, { ...device.subscription, kinds: ['mention', 'private_message'] });
      expect(again.json()).toEqual({ status: 'success', kinds: ['private_message', 'mention'] });
      expect(await subscriptionCount(t.app, device.subscription.endpoint)).toBe(1);
    });

    it.each([
      ['no endpoint', (s: TestDevice['subscription']) => ({ keys: s.keys }), 'endpoint', 'invalid_push_endpoint'],
      [
        'an endpoint that is no URL',
        (s: TestDevice['subscription']) => ({ ...s, endpoint: 'push-me' }),
        'endpoint',
        'invalid_push_endpoint',
      ],
      [
        'an ftp: endpoint',
        (s: TestDevice['subscription']) => ({ ...s, endpoint: 'ftp://127.0.0.1/push' }),
        'endpoint',
        'invalid_push_endpoint',
      ],
      [
        'a plain http endpoint elsewhere than this machine',
        (s: TestDevice['subscription']) => ({ ...s, endpoint: 'http://push.example.com/x' }),
        'endpoint',
        'push_endpoint_not_https',
      ],
      [
        'a short p256dh',
        (s: TestDevice['subscription']) => ({ ...s, keys: { ...s.keys, p256dh: 'abc' } }),
        'keys.p256dh',
        'invalid_push_key',
      ],
      [
        'a p256dh off the curve',
        (s: TestDevice['subscription']) => ({ ...s, keys: { ...s.keys, p256dh: `B${'A'.repeat(86)}` } }),
        'keys',
        'invalid_push_key',
      ],
      [
        'no auth secret',
        (s: TestDevice['subscription']) => ({ ...s, keys: { p256dh: s.keys.p256dh } }),
        'keys.auth',
        'invalid_push_key',
      ],
      [
        'an unknown kind',
        (s: TestDevice['subscription']) => ({ ...s, kinds: ['everything'] }),
        'kinds.0',
        'invalid_push_kind',
      ],
    ])('refuses %s with 400 and a key, storing nothing', async (_label, change, field, key) => {
      const member = await newMember(t.app, 'bad');
      const device = newDevice(service);
      const res = await subscribe(t.app, member, change(device.subscription));
      expect(res.statusCode).toBe(400);
      expect((res.json() as { errors: Record<string, string[]> }).errors[field]).toEqual([key]);
      const rows = await t.app.db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('user_id', '=', member.id)
        .execute();
      expect(rows).toEqual([]);
    });

    it(`keeps a member's newest ${maxDevicesPerMember} devices`, async () => {
      const member = await newMember(t.app, 'many');
      const endpoints: string[] = [];
      for (let i = 0; i <= maxDevicesPerMember; i += 1) {
        const device = newDevice(service);
        endpoints.push(device.subscription.endpoint);
        expect((await subscribe(t.app, member, device.subscription)).statusCode).toBe(201);
      }
      const rows = await t.app.db
        .selectFrom('push_subscriptions')
        .select('endpoint')
        .where('user_id', '=', member.id)
        .execute();
      expect(rows.map((row) => row.endpoint).sort()).toEqual(endpoints.slice(1).sort());
    });

    it('DELETE removes the member’s own subscription; another member’s or a missing one answers 404', async () => {
      const [owner, other] = [await newMember(t.app, 'del'), await newMember(t.app, 'del')];
      const device = newDevice(service);
      await subscribe(t.app, owner, device.subscription);
      const remove = (as: TestUser) =>
        t.app.inject({
          method: 'DELETE',
          url: '/api/push/subscriptions',
          headers: as.headers,
          payload: { endpoint: device.subscription.endpoint },
        });
      expect((await remove(other)).statusCode).toBe(404);
      expect(await subscriptionCount(t.app, device.subscription.endpoint)).toBe(1);
      expect((await remove(owner)).statusCode).toBe(204);
      expect(await subscriptionCount(t.app, device.subscription.endpoint)).toBe(0);
      const again = await remove(owner);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ message: 'push_subscription_not_found' });
    });
  });

  describe('delivery', () => {
    it('pushes a private message to the device, signed with VAPID and encrypted for it, naming the sender and never the text', async () => {
      const [reader, writer] = [await newMember(t.app, 'rd'), await newMember(t.app, 'wr')];
      const device = newDevice(service);
      service.on(new URL(device.subscription.endpoint).pathname, { status: 201, text: '' });
      await subscribe(t.app, reader, { ...device.subscription, language: 'en' });
      const conversationId = await openConversation(t.app, writer, reader);
      await t.app.push.idle();
      const before = pushesTo(service, device).length;

      const sent = await sendMessage(t.app, writer, conversationId, 'o segredo da receita');
      expect(sent.statusCode).toBe(200);
      await t.app.push.idle();

      const calls = pushesTo(service, device).slice(before);
      expect(calls).toHaveLength(1);
      const [call] = calls as [FakeCall];
      const claims = checkVapid(call.headers, service.url);
      expect(claims.publicKey).toBe(
        ((await t.app.inject({ method: 'GET', url: '/api/push/key' })).json() as { publicKey: string }).publicKey,
      );
      expect(call.headers['content-encoding']).toBe('aes128gcm');
      expect(call.headers.ttl).toBe('86400');
      expect(call.headers.urgency).toBe('high');
      expect(call.headers.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(call.raw.includes(Buffer.from('segredo'))).toBe(false);
      const message = JSON.parse(device.decrypt(call.raw)) as PushMessage;
      expect(message).toMatchObject({
        type: 'new_private_message',
        name: writer.username,
        url: `/pvt/${conversationId}`,
        tag: `pvt-${conversationId}`,
        language: 'en',
      });
      expect(JSON.stringify(message)).not.toContain('segredo');
    });

    it('pushes nothing while a tab of the member shows the place, nor a kind the device did not choose', async () => {
      const [reader, writer] = [await newMember(t.app, 'rd'), await newMember(t.app, 'wr')];
      const device = newDevice(service);
      service.on(new URL(device.subscription.endpoint).pathname, { status: 201, text: '' });
      await subscribe(t.app, reader, { ...device.subscription, kinds: ['private_message'] });
      const conversationId = await openConversation(t.app, writer, reader);
      const tab = await t.connect(reader);
      expect(await request(tab, 'join', `conversation_${conversationId}`)).toMatchObject({ ok: true });
      await t.app.push.idle();
      const before = pushesTo(service, device).length;

      // A mention in a channel whose room the tab has not joined, of a kind this device left out.
      await notify(t.app, { userTo: reader.id, type: 'mention', message: '#geral', about: { by: writer.username } });
      // A contact reply tells of the bell, which the open tab shows.
      await notify(t.app, { userTo: reader.id, type: 'contact_replied', message: 'staff' });
      // A private message in the conversation the tab shows.
      await notify(t.app, { userTo: reader.id, type: 'new_private_message', message: 'x', about: { conversationId } });
      await t.app.push.idle();
      expect(pushesTo(service, device).length).toBe(before);

      // The tab looks elsewhere: the next private message is pushed.
      expect(await request(tab, 'leave', `conversation_${conversationId}`)).toMatchObject({ ok: true });
      await notify(t.app, { userTo: reader.id, type: 'new_private_message', message: 'x', about: { conversationId } });
      await t.app.push.idle();
      expect(pushesTo(service, device).length).toBe(before + 1);
    });

    it('pushes a private message to a member whose tab has the conversation open but hidden, and rings the bell', async () => {
      const [reader, writer] = [await newMember(t.app, 'rd'), await newMember(t.app, 'wr')];
      const device = newDevice(service);
      service.on(new URL(device.subscription.endpoint).pathname, { status: 201, text: '' });
      await subscribe(t.app, reader, device.subscription);
      const conversationId = await openConversation(t.app, writer, reader);
      const tab = await t.connect(reader);
      const room = `conversation_${conversationId}`;
      expect(await request(tab, 'join', room)).toMatchObject({ ok: true });
      const bell = async () =>
        t.app.db
          .selectFrom('notifications')
          .select('id')
          .where('user_to', '=', reader.id)
          .where('type', '=', 'new_private_message')
          .execute();

      // A phone's browser in the background: the tab keeps its socket and its room, and says it is hidden.
      tab.emit('visibility', 'hidden');
      // a socket's events are handled in order: once this join is answered, the visibility was heard.
      expect(await request(tab, 'join', room)).toMatchObject({ ok: true });
      await t.app.push.idle();
      const before = pushesTo(service, device).length;
      expect((await sendMessage(t.app, writer, conversationId, 'oi')).statusCode).toBe(200);
      await t.app.push.idle();
      expect(pushesTo(service, device).length).toBe(before + 1);
      expect(await bell()).toHaveLength(1);

      // Shown again: the member sees the next message where it arrives.
      tab.emit('visibility', 'visible');
      expect(await request(tab, 'join', room)).toMatchObject({ ok: true });
      expect((await sendMessage(t.app, writer, conversationId, 'de novo')).statusCode).toBe(200);
      await t.app.push.idle();
      expect(pushesTo(service, device).length).toBe(before + 1);
      expect(await bell()).toHaveLength(1);
    });

    it('pushes a mention with the channel and who, to the channel', async () => {
      const member = await newMember(t.app, 'mn');
      const device = newDevice(service);
      service.on(new URL(device.subscription.endpoint).pathname, { status: 201, text: '' });
      await subscribe(t.app, member, device.subscription);
      await notify(t.app, { userTo: member.id, type: 'mention', message: '#geral', about: { by: 'ana' } });
      await notify(t.app, { userTo: member.id, type: 'banned', message: '#geral' });
      await t.app.push.idle();
      // the two pushes go out together, so they may arrive in either order.
      const messages = pushesTo(service, device).map((call) => JSON.parse(device.decrypt(call.raw)) as PushMessage);
      const [mention, ban] = [messages.find((m) => m.type === 'mention'), messages.find((m) => m.type === 'banned')];
      expect(mention).toMatchObject({
        type: 'mention',
        name: '#geral',
        by: 'ana',
        url: '/geral',
        tag: 'channel-geral',
        language: 'pt',
      });
      expect(ban).toMatchObject({ type: 'banned', name: '#geral', url: '/channels', tag: 'channel-geral' });
      expect(rooms.channel('geral')).toBe('channel:geral');
    });

    it('rings and pushes a mention only while no tab of the member, on any device, has that channel on screen', async () => {
      const [reader, writer] = [await newMember(t.app, 'rd'), await newMember(t.app, 'wr')];
      const device = newDevice(service);
      service.on(new URL(device.subscription.endpoint).pathname, { status: 201, text: '' });
      await subscribe(t.app, reader, device.subscription);
      for (const name of ['praca', 'largo'])
        await t.app.db
          .insertInto('channels')
          .values({ name })
          .onConflict((oc) => oc.column('name').doNothing())
          .execute();
      const speaker = await t.connect(writer);
      expect(await request(speaker, 'join', '#praca')).toMatchObject({ ok: true });
      // Two browser tabs (or devices), each holding both open channels: one reads #largo, the other a page with no channel.
      const [reading, elsewhere] = [await t.connect(reader), await t.connect(reader)];
      const look = async (tab: typeof reading, room: string | null) => {
        tab.emit('focus', room);
        // a socket's events are handled in order: once this join is answered, the focus was heard.
        expect(await request(tab, 'join', '#praca')).toMatchObject({ ok: true });
      };
      for (const tab of [reading, elsewhere]) expect(await request(tab, 'join', '#largo')).toMatchObject({ ok: true });
      await look(reading, '#largo');
      await look(elsewhere, null);
      const bell = async () =>
        (
          await t.app.db
            .selectFrom('notifications')
            .select('id')
            .where('user_to', '=', reader.id)
            .where('type', '=', 'mention')
            .execute()
        ).length;
      const mention = async (text: string) =>
        expect(
          (
            await t.app.inject({
              method: 'POST',
              url: '/api/send-message',
              headers: writer.headers,
              payload: { channel: 'praca', text: `${text} ${reader.username}` },
            })
          ).statusCode,
        ).toBe(200);
      await t.app.push.idle();
      const before = pushesTo(service, device).length;

      await mention('um');
      await waitFor('the first mention in the bell', async () => (await bell()) === 1);
      // the push is queued after the bell item is written: waited for, then counted exactly below.
      await waitFor('the first mention pushed', () => pushesTo(service, device).length === before + 1);

      // The second tab comes to #praca: the member reads the line where it arrives, so neither bell nor push.
      await look(elsewhere, '#praca');
      await mention('dois');
      // Then that tab goes to the background: the third mention rings and is pushed again.
      reading.emit('visibility', 'hidden');
      elsewhere.emit('visibility', 'hidden');
      await look(reading, '#largo');
      await look(elsewhere, '#praca');
      await mention('tres');
      await waitFor('the third mention in the bell', async () => (await bell()) >= 2);
      await waitFor('the third mention pushed', () => pushesTo(service, device).length >= before + 2);
      await t.app.push.idle();
      expect(await bell()).toBe(2);
      expect(pushesTo(service, device).length).toBe(before + 2);
    });

    it('forgets a subscription the push service answers 410 for', async () => {
      const member = await newMember(t.app, 'gone');
      const device = newDevice(service);
      service.on(new URL(device.subscription.endpoint).pathname, { status: 410, text: 'expired' });
      await subscribe(t.app, member, device.subscription);
      expect(await subscriptionCount(t.app, device.subscription.endpoint)).toBe(1);
      await notify(t.app, { userTo: member.id, type: 'kicked', message: '#geral' });
      await t.app.push.idle();
      expect(pushesTo(service, device)).toHaveLength(1);
      expect(await subscriptionCount(t.app, device.subscription.endpoint)).toBe(0);
    });

    it('retries a push service answering 5xx, then gives up, keeping the subscription and failing nobody', async () => {
      const [reader, writer] = [await newMember(t.app, 'rd'), await newMember(t.app, 'wr')];
      const device = newDevice(service);
      service.on(new URL(device.subscription.endpoint).pathname, {
        status: 503,
        text: 'busy',
        headers: { 'retry-after': '0' },
      });
      await subscribe(t.app, reader, device.subscription);
      const conversationId = await openConversation(t.app, writer, reader);
      await t.app.push.idle();
      const before = pushesTo(service, device).length;
      const sent = await sendMessage(t.app, writer, conversationId, 'oi');
      expect(sent.statusCode).toBe(200);
      await t.app.push.idle();
      expect(pushesTo(service, device).length - before).toBe(4);
      expect(await subscriptionCount(t.app, device.subscription.endpoint)).toBe(1);
    });

    it('answers the message before a push service that does not answer', async () => {
      const [reader, writer] = [await newMember(t.app, 'rd'), await newMember(t.app, 'wr')];
      const slow = await startFakeService();
      try {
        const hanging = createTestDevice(`${slow.url}/push/hanging`);
        slow.on('/push/hanging', { status: 201, text: '' });
        await subscribe(t.app, reader, hanging.subscription);
        const conversationId = await openConversation(t.app, writer, reader);
        await t.app.push.idle();
        const before = slow.calls.length;
        const gate = slow.hold();
        const sent = await sendMessage(t.app, writer, conversationId, 'oi');
        expect(sent.statusCode).toBe(200);
        // The push reaches the service, which holds its answer: the message was answered without waiting for it.
        await waitFor('the push at the held service', () => slow.calls.length > before);
        gate.release();
        await t.app.push.idle();
        expect(JSON.parse(hanging.decrypt(slow.calls[before]!.raw))).toMatchObject({ type: 'new_private_message' });
      } finally {
        await slow.close();
      }
    });
  });
});

describe('web push in production', () => {
  it('refuses an endpoint that is not https, even on this machine', async () => {
    // the name resolves through the test's own resolver, to a public address nothing here connects to.
    const pushResolver = async () => [{ address: '93.184.215.14', family: 4 as const }];
    const t = await buildTestApp({
      env: { NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40) },
      resolver: pushResolver,
    });
    try {
      const member = await newMember(t.app, 'prod');
      const device = createTestDevice('http://127.0.0.1:9/push/x');
      const res = await subscribe(t.app, member, device.subscription);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'push_endpoint_not_https',
        errors: { endpoint: ['push_endpoint_not_https'] },
      });
      const https = await subscribe(t.app, member, { ...device.subscription, endpoint: 'https://push.example.com/x' });
      expect(https.statusCode).toBe(201);
    } finally {
      await t.close();
    }
  });

  it('uses the configured VAPID keys and subject', async () => {
    const keys = webpush.generateVAPIDKeys();
    const t = await buildTestApp({
      env: {
        VAPID_PUBLIC_KEY: keys.publicKey,
        VAPID_PRIVATE_KEY: keys.privateKey,
        VAPID_SUBJECT: 'mailto:ops@papo.example',
      },
    });
    const service = await startFakeService();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/push/key' });
      expect(res.json()).toEqual({ publicKey: keys.publicKey });
      const member = await newMember(t.app, 'cfg');
      const device = createTestDevice(`${service.url}/push/configured`);
      service.on('/push/configured', { status: 201, text: '' });
      await subscribe(t.app, member, device.subscription);
      await notify(t.app, { userTo: member.id, type: 'contact_replied', message: 'staff' });
      await t.app.push.idle();
      const [call] = service.calls as [FakeCall];
      expect(checkVapid(call.headers, service.url)).toMatchObject({
        sub: 'mailto:ops@papo.example',
        publicKey: keys.publicKey,
      });
    } finally {
      await service.close();
      await t.close();
    }
  });
});
