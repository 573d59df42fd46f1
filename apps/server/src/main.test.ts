import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { socketPath } from '@papo/contract/socket-events';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import { codeSchemaVersion } from './db/migrate.js';
import { runAdminCommand } from './scripts/admin-commands.js';
import { collect, signInOver, spawnServer } from './test/process.js';
import { commandOf, connectRawIrc, registerRawIrc } from './test/raw-irc.js';
import { freePort } from './test/server-process.js';

// generous: in CI this node starts (tsx compiling the whole server) beside every other suite on two cores.
async function waitForHealth(url: string, deadline = Date.now() + 45_000): Promise<void> {
  while (Date.now() < deadline) {
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not become healthy`);
}

/** Whether this process can listen on the port: nothing of the stopped node holds it any more. */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

describe('main.ts (built, or through tsx)', () => {
  let dataDir: string;
  const started: ChildProcess[] = [];
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'papo-main-'));
  });
  afterAll(async () => {
    // a test that failed or timed out before its node exited must not leave that node running after the suite.
    for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it.each([
    ['PORT=abc', { PORT: 'abc' }, /^Invalid configuration: PORT="abc"/],
    ['DATABASE_URL=foo://x', { DATABASE_URL: 'foo://x' }, /^Invalid configuration: DATABASE_URL="foo:\/\/x"/],
  ])('exits 1 with exactly one line on stderr for %s', async (_name, env, line) => {
    const result = await collect(spawnServer({ ...env, DATA_DIR: dataDir }));
    expect(result.code).toBe(1);
    const lines = result.stderr.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(line);
    expect(result.stderr).not.toMatch(/\bat .+:\d+:\d+/);
  });

  it('exits 1 with one line naming DATABASE_URL, without its password, when PostgreSQL cannot be reached', async () => {
    // Nothing listens on port 1: the connection is refused at once.
    const env = { DATABASE_URL: 'postgres://papo:s3cret@127.0.0.1:1/papo', DATA_DIR: dataDir };
    const result = await collect(spawnServer(env));
    expect(result.code).toBe(1);
    const lines = result.stderr.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Could not start Papo: DATABASE_URL \(127\.0\.0\.1:1\/papo\) cannot be reached: .*ECONNREFUSED/,
    );
    expect(result.stderr).not.toContain('s3cret');
  });

  it('serves, then on SIGTERM closes gracefully (open sockets too) and exits 0', async () => {
    const port = await freePort();
    // relative, as in the README's default (./data): every path the server builds must still work.
    const DATA_DIR = path.relative(process.cwd(), path.join(dataDir, 'serve'));
    const child = spawnServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR,
      JWT_SECRET: 's'.repeat(40),
      LOG_LEVEL: 'info',
      DEMO_CONTENT: '0',
    });
    started.push(child);
    const exited = collect(child);
    const url = `http://127.0.0.1:${port}`;
    const socket = io(url, {
      path: socketPath,
      transports: ['websocket'],
      reconnection: false,
      autoConnect: false,
    });
    try {
      await waitForHealth(url);
      // made once the node has started, whose log is to name the migrations it applied to a new site.
      const password = 'Lua-cheia-sobre-o-rio-42';
      await runAdminCommand(['create-user', '--username', 'ana', '--email', 'ana@example.com'], {
        env: { DATA_DIR },
        password: async () => password,
        progress: () => {},
      });
      socket.auth = { token: await signInOver(url, 'ana', password) };
      // listening before connecting: the socket can connect while /readyz is being asked (a listener added
      // after its `connect` would wait for ever; it did in CI on a loaded machine).
      const connected = new Promise<void>((resolve, reject) => {
        socket.on('connect', resolve);
        socket.on('connect_error', reject);
      });
      socket.connect();
      expect(await (await fetch(`${url}/readyz`)).json()).toEqual({ status: 'ready' });
      await connected;
    } finally {
      child.kill('SIGTERM');
    }
    const reason = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const result = await exited;
    // the transport closes (not a server-side disconnect), which is what makes a client reconnect, to another node.
    expect(await reason).toBe('transport close');
    // 0 is only reached through a finished close; a close that hangs ends at main's own time limit with 1.
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain('shutdown timed out');
    expect(result.stdout).toContain(`Papo is ready at ${url}`);
    expect(result.stdout).toContain('"msg":"shutting down"');
    expect(result.stdout).toContain('"msg":"stopped"');
    expect(socket.connected).toBe(false);
    // A new site's start names how many migrations it applied and the last one, not all of them.
    const migrated = result.stdout.split('\n').filter((line) => line.includes('migrations'));
    expect(migrated).toEqual([
      expect.stringMatching(new RegExp(`"msg":"applied [1-9]\\d+ migrations, now at ${codeSchemaVersion}"`)),
    ]);
    expect(result.stdout).not.toContain('2026_11_21_000_init');
    socket.close();
  }, 90_000);

  it('on SIGTERM tells a signed-in IRC link in a channel to reconnect, closes it, exits 0 and frees its ports', async () => {
    const [port, ircPort] = [await freePort(), await freePort()];
    const env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      IRC_PORT: String(ircPort),
      DATA_DIR: path.join(dataDir, 'irc'),
      JWT_SECRET: 'i'.repeat(40),
      LOG_LEVEL: 'info',
      DEMO_CONTENT: '0',
      // a close that outlasts this ends with exit code 1 (main's own limit): the 0 below is the "within".
      SHUTDOWN_TIMEOUT_MS: '15000',
    };
    const password = 'Lua-cheia-sobre-o-rio-42';
    await runAdminCommand(['create-user', '--username', 'ana', '--email', 'ana@example.com'], {
      env,
      password: async () => password,
      progress: () => {},
    });
    const child = spawnServer(env);
    started.push(child);
    const exited = collect(child);
    await Promise.race([
      waitForHealth(`http://127.0.0.1:${port}`, Date.now() + 75_000),
      exited.then((early) => Promise.reject(new Error(`the node exited first: ${early.stderr}${early.stdout}`))),
    ]);
    const irc = await connectRawIrc({ host: '127.0.0.1', port: ircPort });
    try {
      await registerRawIrc(irc, { username: 'ana', password });
      // A channel of her own: founding one over IRC joins it.
      irc.send('PRIVMSG ChanServ :REGISTER #saida');
      await irc.waitFor((line) => commandOf(line) === '366' && / #saida /.test(line), 30_000);
      const from = irc.received.length;
      const error = irc.waitFor((line) => commandOf(line) === 'ERROR', 30_000, from);
      expect(child.kill('SIGTERM')).toBe(true);
      expect(await error).toBe('ERROR :Closing link: 127.0.0.1 (server restarting, reconnect)');
      const heard = irc.received.slice(from);
      const notice = heard.findIndex((line) =>
        /^:\S+ NOTICE ana :The server is restarting: reconnect in a few seconds$/.test(line),
      );
      expect(notice, heard.join('\n')).toBeGreaterThanOrEqual(0);
      expect(notice).toBeLessThan(heard.findIndex((line) => commandOf(line) === 'ERROR'));
      await irc.ended;
    } finally {
      irc.close();
      child.kill('SIGTERM');
    }
    const result = await exited;
    expect([result.code, result.signal], result.stderr).toEqual([0, null]);
    expect(result.stdout).not.toContain('shutdown timed out');
    expect(result.stdout).toContain('"msg":"stopped"');
    expect(await portIsFree(ircPort)).toBe(true);
    expect(await portIsFree(port)).toBe(true);
  }, 120_000);
});
