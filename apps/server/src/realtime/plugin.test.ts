import { describe, expect, it } from 'vitest';
import { connectUser, startRealtimeApp, waitFor } from './test-support.js';

describe('realtime plugin lifecycle', () => {
  it('closes the app promptly while clients are connected, disconnecting them', async () => {
    const { app, url } = await startRealtimeApp();
    const clients = [await connectUser(url, 1), await connectUser(url, 2)];
    const reasons: string[] = [];
    for (const client of clients) client.on('disconnect', (reason) => reasons.push(reason));

    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeLessThan(2_000);
    await waitFor('clients disconnected', () => reasons.length === 2);
    expect(clients.every((client) => !client.connected)).toBe(true);
  });
});
