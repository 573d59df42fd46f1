import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { createTestDevice } from '../../test/push-device.js';
import { buildUser, type TestUser } from '../../test/users.js';
import { notify } from '../notifications/service.js';
import { checkEndpoint, type Resolver } from './endpoint-guard.js';
import { pushRegistrationLimits } from './routes.js';

/** A resolver the test controls: each name maps to the addresses listed, in turn when several lists are given. */
function resolverOf(names: Record<string, string[][]>): Resolver {
  const asked = new Map<string, number>();
  return async (hostname) => {
    const answers = names[hostname];
    if (!answers) throw new Error(`ENOTFOUND ${hostname}`);
    const turn = asked.get(hostname) ?? 0;
    asked.set(hostname, turn + 1);
    const list = answers[Math.min(turn, answers.length - 1)] ?? [];
    return list.map((address) => ({ address, family: address.includes(':') ? (6 as const) : (4 as const) }));
  };
}

/** A loopback listener that only counts the connections made to it (none may be). */
async function countingListener(): Promise<{ port: number; connections: () => number; close: () => Promise<void> }> {
  let connections = 0;
  const server = net.createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    connections: () => connections,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const publicAddress = '93.184.215.14';

describe('push endpoints no one can aim inside', () => {
  const resolve = resolverOf({
    'push.example.com': [[publicAddress]],
    'private.example.com': [['10.0.0.1']],
    'metadata.example.com': [['169.254.169.254']],
    'loopback6.example.com': [['::1']],
    'mixed.example.com': [[publicAddress, '192.168.1.4']],
    'cgnat.example.com': [['100.64.0.9']],
    'mapped.example.com': [['::ffff:127.0.0.1']],
    'unique-local.example.com': [['fd12::1']],
  });

  it.each([
    'https://127.0.0.1/push',
    'https://[::1]/push',
    'https://0.0.0.0/push',
    'https://10.1.2.3/push',
    'https://[fe80::1]/push',
    'https://224.0.0.1/push',
    'https://private.example.com/push',
    'https://metadata.example.com/push',
    'https://loopback6.example.com/push',
    'https://mixed.example.com/push',
    'https://cgnat.example.com/push',
    'https://mapped.example.com/push',
    'https://unique-local.example.com/push',
  ])('production refuses %s', async (endpoint) => {
    expect(await checkEndpoint(endpoint, { production: true, resolve })).toBe('push_endpoint_not_public');
  });

  it('production takes https on a name that resolves only to public addresses, and keeps the address it checked', async () => {
    const checked = await checkEndpoint('https://push.example.com/send/1', { production: true, resolve });
    expect(checked).toMatchObject({ address: publicAddress, family: 4 });
    expect(await checkEndpoint('http://push.example.com/send/1', { production: true, resolve })).toBe(
      'push_endpoint_not_https',
    );
    expect(await checkEndpoint('https://unknown.example.com/x', { production: true, resolve })).toBe(
      'invalid_push_endpoint',
    );
  });

  it('outside production takes loopback besides, and nothing else that is internal', async () => {
    expect(await checkEndpoint('http://127.0.0.1:9/push', { production: false, resolve })).toMatchObject({
      address: '127.0.0.1',
    });
    expect(await checkEndpoint('http://[::1]:9/push', { production: false, resolve })).toMatchObject({
      address: '::1',
    });
    expect(await checkEndpoint('https://private.example.com/push', { production: false, resolve })).toBe(
      'push_endpoint_not_public',
    );
    expect(await checkEndpoint('http://push.example.com/push', { production: false, resolve })).toBe(
      'push_endpoint_not_https',
    );
  });
});

describe('push in production, with a resolver the test controls', () => {
  let t: TestApp;
  let listener: Awaited<ReturnType<typeof countingListener>>;
  let member: TestUser;
  beforeAll(async () => {
    listener = await countingListener();
    // public at the subscription, loopback (where the counting listener waits) at every later lookup.
    const pushResolver = resolverOf({
      'turncoat.example.com': [[publicAddress], ['127.0.0.1']],
      'inside.example.com': [['127.0.0.1']],
    });
    t = await buildTestApp({ env: { NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40) }, resolver: pushResolver });
    member = await buildUser(t.app, { username: 'empurrado' });
  });
  afterAll(async () => {
    await t?.close();
    await listener?.close();
  });

  const subscribe = (endpoint: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: member.headers,
      payload: createTestDevice(endpoint).subscription,
    });

  it('refuses a name that resolves to loopback without connecting to it', async () => {
    const res = await subscribe(`https://inside.example.com:${listener.port}/push`);
    expect(res.json()).toEqual({
      message: 'push_endpoint_not_public',
      errors: { endpoint: ['push_endpoint_not_public'] },
    });
    expect(listener.connections()).toBe(0);
  });

  it('does not send to a name that resolved to a public address at the subscription and to loopback at the push', async () => {
    expect((await subscribe(`https://turncoat.example.com:${listener.port}/push`)).statusCode).toBe(201);
    await notify(t.app, { userTo: member.id, type: 'contact_replied', message: 'staff' });
    await t.app.push.idle();
    expect(listener.connections()).toBe(0);
  });
});

describe('push registrations are limited', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it(`answers 429 with Retry-After past ${pushRegistrationLimits.perMember.max} an hour for one member`, async () => {
    const member = await buildUser(t.app, { username: 'registra' });
    const statuses: number[] = [];
    for (let i = 0; i <= pushRegistrationLimits.perMember.max; i += 1) {
      const device = createTestDevice(`http://127.0.0.1:9/push/limit-${i}`);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        headers: member.headers,
        payload: device.subscription,
        remoteAddress: `10.45.0.${i + 1}`,
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(statuses.slice(0, -1).every((status) => status === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
