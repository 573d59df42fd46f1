import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { startFakeService, type FakeService } from '../../test/fake-service.js';
import { createTestDevice } from '../../test/push-device.js';
import { buildUser, type TestUser } from '../../test/users.js';
import { waitFor } from '../../test/wait-for.js';
import { notify } from '../notifications/service.js';

/** A loopback push service that takes connections and never answers (a member's stalled endpoints), or resets them. */
async function stalledService(
  reset = false,
): Promise<{ url: string; accepted: () => number; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  let accepted = 0;
  const server = net.createServer((socket) => {
    accepted += 1;
    if (reset) return void socket.resetAndDestroy();
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    accepted: () => accepted,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe("one member's stalled push endpoints", () => {
  let t: TestApp;
  let stalled: Awaited<ReturnType<typeof stalledService>>;
  let service: FakeService;
  let [hog, other]: TestUser[] = [];
  beforeAll(async () => {
    [t, stalled, service] = await Promise.all([buildTestApp(), stalledService(), startFakeService()]);
    [hog, other] = [await buildUser(t.app, { username: 'entupido' }), await buildUser(t.app, { username: 'paciente' })];
  });
  afterAll(async () => {
    await stalled?.close();
    await t?.close();
    await service?.close();
  });

  const subscribe = (member: TestUser, endpoint: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: member.headers,
      payload: createTestDevice(endpoint).subscription,
    });

  it("delay only that member: another member's push goes out at once", async () => {
    for (let i = 0; i < 20; i += 1)
      expect((await subscribe(hog!, `${stalled.url}/push/hog-${i}`)).statusCode).toBe(201);
    service.on('/push/other', { status: 201, text: '' });
    expect((await subscribe(other!, `${service.url}/push/other`)).statusCode).toBe(201);

    await notify(t.app, { userTo: hog!.id, type: 'contact_replied', message: 'staff' });
    await waitFor('the stalled service to hold the first pushes', () => stalled.accepted() > 0);
    const started = Date.now();
    await notify(t.app, { userTo: other!.id, type: 'contact_replied', message: 'staff' });
    await waitFor("the other member's push", () => service.calls.length === 1, 1_000);
    expect(Date.now() - started).toBeLessThan(1_000);
    // The stalled member holds no more than their share of the sending slots.
    expect(stalled.accepted()).toBeLessThanOrEqual(2);
  });

  it('stop being sent to once their host has failed five times in a row (a breaker per push service host)', async () => {
    const failing = await stalledService(true);
    try {
      const member = await buildUser(t.app, { username: 'quebrado' });
      for (let i = 0; i < 8; i += 1)
        expect((await subscribe(member, `${failing.url}/push/broken-${i}`)).statusCode).toBe(201);
      await notify(t.app, { userTo: member.id, type: 'contact_replied', message: 'staff' });
      await waitFor('five failed pushes', () => failing.accepted() >= 5);
      await notify(t.app, { userTo: member.id, type: 'contact_replied', message: 'again' });
      // a bounded look at what does not happen: the 11 pushes left would each reach the service within it.
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Five failures open the breaker; one more may have been under way (a member's two sending slots).
      expect(failing.accepted()).toBeLessThanOrEqual(6);
    } finally {
      await failing.close();
    }
  });
});
