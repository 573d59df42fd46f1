import { describe, expect, it } from 'vitest';
import { connectUser, request, startRealtimeApp, waitFor } from './test-support.js';

describe('realtime plugin lifecycle', () => {
  it('closes the app while clients are connected, disconnecting them itself', async () => {
    const { app, url } = await startRealtimeApp();
    const clients = [await connectUser(url, 1), await connectUser(url, 2)];
    const reasons: string[] = [];
    for (const client of clients) client.on('disconnect', (reason) => reasons.push(reason));

    // a close that waited for the clients to leave on their own would never end (the test's timeout);
    // the server closes their transports itself.
    await app.close();
    await waitFor('clients disconnected', () => reasons.length === 2);
    expect(reasons).toEqual(['transport close', 'transport close']);
    expect(clients.every((client) => !client.connected)).toBe(true);
  });

  it('sends the answer of a join under way before it closes the sockets', async () => {
    let admit: () => void = () => {};
    let asked: () => void = () => {};
    const joinAsked = new Promise<void>((resolve) => (asked = resolve));
    const { app, url } = await startRealtimeApp({
      channels: {
        prepareJoin: async () => {
          asked();
          await new Promise<void>((resolve) => (admit = resolve));
          return { ok: true as const, nickname: 'user1', levels: new Map<number, number>() };
        },
      },
    });
    const client = await connectUser(url, 1);
    const answer = request(client, 'join', '#barra');
    await joinAsked;
    const closed = app.close();
    // the check finishes only once the close has begun: its answer must still reach the client.
    admit();
    expect(await answer).toMatchObject({ ok: true });
    await closed;
    await waitFor('the client disconnected', () => !client.connected);
  });
});
