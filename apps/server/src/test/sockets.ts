import { connectClient, type TestClient } from '../realtime/test-support.js';
import { buildTestApp, type TestApp } from './app.js';

/** The socket clients one test file opened, so a hook can disconnect them all at once. */
export interface SocketPool {
  connect(url: string, token: string): Promise<TestClient>;
  disconnectAll(): void;
}

export function createSocketPool(): SocketPool {
  const open: TestClient[] = [];
  return {
    async connect(url, token) {
      const client = await connectClient(url, { token });
      open.push(client);
      return client;
    },
    disconnectAll() {
      for (const client of open.splice(0)) client.disconnect();
    },
  };
}

/** The whole app listening on a free port, with the sockets its tests open. */
export interface ListeningTestApp extends TestApp {
  url: string;
  /** A connected socket of the user, disconnected by `disconnectAll` (and by `close`). */
  connect(user: { token: string }): Promise<TestClient>;
  disconnectAll(): void;
}

export async function startListeningTestApp(opts: Parameters<typeof buildTestApp>[0] = {}): Promise<ListeningTestApp> {
  const t = await buildTestApp(opts);
  const url = await t.app.listen({ host: '127.0.0.1', port: 0 }).catch(async (error: unknown) => {
    await t.close();
    throw error;
  });
  const sockets = createSocketPool();
  return {
    ...t,
    url,
    connect: (user) => sockets.connect(url, user.token),
    disconnectAll: () => sockets.disconnectAll(),
    async close() {
      sockets.disconnectAll();
      await t.close();
    },
  };
}
