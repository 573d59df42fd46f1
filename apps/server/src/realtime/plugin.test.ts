import { describe, expect, it } from 'vitest';
import { connectUser, startRealtimeApp, waitFor } from './test-support.js';

describe('realtime plugin lifecycle', () => {
  it('closes the app while clients are connected, disconnecting them itself', async () => {
    const { app, url } = await startRealtimeApp();
    const clients = [await connectUser(url, 1), await connectUser(url, 2)];
    const reasons: string[] = [];
    for (const client of clients) client.on('disconnect', (reason) => reasons.push(reason));

    // NOTE: a close that waited for the clients to leave on their own would never end (the test's timeout);
    // the server closes their transports itself.
    await app.close();
    await waitFor('clients disconnected', () => reasons.length === 2);
    expect(reasons).toEqual(['transport close', 'transport close']);
    expect(clients.every((client) => !client.connected)).toBe(true);
  });
});
