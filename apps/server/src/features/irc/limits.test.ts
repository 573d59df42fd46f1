import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandler } from '../../lib/http-error.js';
import { realtimePlugin } from '../../realtime/plugin.js';
import { tokens, waitFor } from '../../realtime/test-support.js';
import { createTestDatabase, type TestDatabase } from '../../test/db.js';
import { commandOf, connectRawIrc, gatewayPort, type RawIrc } from '../../test/raw-irc.js';
import { buildUser, goodPassword } from '../../test/users.js';
import { selfSignedCertificate } from '../auth/fake-google.js';
import { createChannelAccess } from '../chat/access.js';
import { createChatContext } from '../chat/context.js';
import { startChatHarness, type ChatHarness } from '../chat/test-support.js';
import { createNicknameSource } from '../nicknames/sockets.js';
import { ircGateway } from './gateway.js';
import type { IrcLimits } from './gateway-types.js';
import { connectIrc, registeredIrc, type IrcTestClient } from './test-support.js';

describe('IRC gateway limits with the default settings', () => {
  let h: ChatHarness;
  beforeAll(async () => {
    h = await startChatHarness('sqlite', { IRC_PORT: '0' });
    await h.channel('barra');
  });
  afterAll(() => h.close());

  it('holds one address to 10 connections and says why to the eleventh', async () => {
    const open: RawIrc[] = [];
    for (let i = 0; i < 10; i += 1) open.push(await connectRawIrc({ host: '127.0.0.1', port: gatewayPort(h.t.app) }));
    await waitFor('ten connections', () => h.t.app.irc.connections() === 10);
    const eleventh = await connectRawIrc({ host: '127.0.0.1', port: gatewayPort(h.t.app) });
    expect(await eleventh.waitFor((line) => /^ERROR /.test(line))).toContain('Too many connections from your address');
    for (const client of [...open, eleventh]) client.close();
    await waitFor('every connection forgotten', () => h.t.app.irc.connections() === 0);
  });

  it('holds one member to 5 IRC connections, and lists channels with their members', async () => {
    const alice = await h.member();
    const open: IrcTestClient[] = [];
    for (let i = 0; i < 5; i += 1) open.push(await registeredIrc(h.t.app, { nick: alice.username }));
    const sixth = await connectIrc(h.t.app, { nick: alice.username });
    expect(await sixth.line(/^ERROR /)).toContain('Too many IRC connections for this account');
    open[0]!.client.join('#barra');
    await open[0]!.line(/ 366 /);
    open[0]!.client.raw('LIST');
    expect(await open[0]!.line(/ 322 \S+ #barra /)).toMatch(/ 322 \S+ #barra 1 /);
    await open[0]!.line(/ 323 /);
    for (const client of open) client.quit();
    await waitFor('every connection forgotten', () => h.t.app.irc.connections() === 0);
  });
});

describe('IRC links when their node stops', () => {
  it('are told to reconnect, then closed with that reason', async () => {
    const h = await startChatHarness('sqlite', { IRC_PORT: '0' });
    try {
      await h.channel('barra');
      const alice = await h.member();
      const client = await registeredIrc(h.t.app, { nick: alice.username });
      client.client.join('#barra');
      await client.line(/ 366 .*#barra/);
      const from = client.mark();
      const closing = h.t.app.close();
      const error = await client.line(/^ERROR /, from);
      expect(error).toBe('ERROR :Closing link: 127.0.0.1 (server restarting, reconnect)');
      const heard = client.lines.slice(from);
      const notice = heard.findIndex((line) =>
        /^:\S+ NOTICE \S+ :The server is restarting: reconnect in a few seconds$/.test(line),
      );
      expect(notice).toBeGreaterThanOrEqual(0);
      expect(notice).toBeLessThan(heard.indexOf(error));
      await waitFor('the link is closed', () => client.closed());
      await closing;
    } finally {
      await h.close().catch(() => undefined);
    }
  });
});

/** A node put together by hand with the gateway's limits given, so the limits that take time or volume are seen quickly. */
async function handBuiltNode(limits: Partial<IrcLimits>): Promise<{ app: FastifyInstance; database: TestDatabase }> {
  const database = await createTestDatabase('sqlite');
  const app = Fastify({ logger: false });
  app.decorate('db', database.handle.db);
  app.decorate('tokens', tokens);
  installErrorHandler(app);
  await app.register(realtimePlugin, {
    tokens,
    channels: createChannelAccess(app.db),
    nicknames: createNicknameSource(app.db),
  });
  const chat = await createChatContext(app, { realtime: app.realtime });
  await app.register(ircGateway, { port: 0, host: '127.0.0.1', chat, limits });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, database };
}

describe('IRC gateway limits that take time or volume', () => {
  let app: FastifyInstance;
  let database: TestDatabase;

  beforeAll(async () => {
    // a JOIN is earned back once an hour: whatever the machine's speed, a storm gets exactly the burst.
    ({ app, database } = await handBuiltNode({
      sendQueueBytes: 64 * 1024,
      pingIntervalMs: 60_000,
      joinBurst: 5,
      joinRefillMs: 3_600_000,
    }));
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  // a node of its own: 300 ms to register would also cut off the other tests' clients, whose password check
  // alone can take longer on a loaded machine.
  it('closes a connection that does not register in time, with a reason', async () => {
    const hasty = await handBuiltNode({ registrationTimeoutMs: 300 });
    try {
      const client = await connectRawIrc({ host: '127.0.0.1', port: gatewayPort(hasty.app) });
      client.write('NICK lento\r\n');
      expect(await client.waitFor((line) => /^ERROR /.test(line))).toContain('Registration timed out');
      await waitFor('the link is closed', () => client.isEnded);
    } finally {
      await hasty.app.close();
      await hasty.database.destroy();
    }
  });

  it('asks the database for a burst of a JOIN storm only, and still lets another client join #barra', async () => {
    await app.db.insertInto('channels').values({ name: 'barra' }).execute();
    const storm = await buildUser(app, { username: 'tempestade' });
    const client = await connectRawIrc({ host: '127.0.0.1', port: gatewayPort(app) });
    client.write(`PASS ${storm.username}:Lua-cheia-sobre-o-rio-42\r\nNICK ${storm.username}\r\nUSER a 0 * :A\r\n`);
    await client.waitFor((line) => / 001 /.test(line));
    const from = client.received.length;
    // 3,000 JOINs of channels that do not exist, some several to a line, then a PING answered after all of them.
    const joins = Array.from({ length: 1_000 }, (_, i) => `JOIN #nada${i}\r\nJOIN #outra${i},#mais${i}\r\n`).join('');
    client.write(`${joins}PING :depois\r\n`);
    await client.waitFor((line) => /PONG \S+ depois/.test(line), 60_000, from);
    const answers = client.received.slice(from).map(commandOf);
    // a JOIN reaches the channel's rows only past `takeJoin`, and each one that does is answered 403 here.
    expect(answers.filter((command) => command === '403')).toHaveLength(5);
    expect(answers.filter((command) => command === '263')).toHaveLength(2_995);
    expect(client.received.slice(from).find((line) => commandOf(line) === '263')).toContain('JOIN :Too many JOINs');
    expect(client.isEnded).toBe(false);

    const other = await buildUser(app, { username: 'calma' });
    const calm = await connectRawIrc({ host: '127.0.0.1', port: gatewayPort(app) });
    calm.write(
      `PASS ${other.username}:Lua-cheia-sobre-o-rio-42\r\nNICK ${other.username}\r\nUSER c 0 * :C\r\nJOIN #barra\r\n`,
    );
    expect(await calm.waitFor((line) => / 366 /.test(line))).toContain('#barra');
    client.close();
    calm.close();
    await waitFor('both connections forgotten', () => app.irc.connections() === 0);
  });

  it("answers a burst of lines intact and in order, the QUIT's ERROR last", async () => {
    const member = await buildUser(app, { username: 'rajada' });
    const client = await connectRawIrc({ host: '127.0.0.1', port: gatewayPort(app) });
    client.write(`PASS ${member.username}:${goodPassword}\r\nNICK ${member.username}\r\nUSER r 0 * :R\r\n`);
    await client.waitFor((line) => / 001 /.test(line));
    const from = client.received.length;
    // 2,000 answers written in a few turns of the event loop (gathered into a write each), then the link's end.
    client.write(`${Array.from({ length: 2_000 }, (_, i) => `PING :n${i}\r\n`).join('')}QUIT :fim\r\n`);
    await client.ended;
    const heard = client.received.slice(from);
    expect(heard.slice(0, -1)).toEqual(
      Array.from({ length: 2_000 }, (_, i) => expect.stringMatching(new RegExp(`^:\\S+ PONG \\S+ :?n${i}$`))),
    );
    expect(heard.at(-1)).toBe('ERROR :Closing link: 127.0.0.1 (Quit: fim)');
  });

  it('cuts off a client that does not read what it is sent, and keeps serving others', async () => {
    const alice = await buildUser(app, { username: 'leitora' });
    const slow = await connectRawIrc({ host: '127.0.0.1', port: gatewayPort(app) });
    slow.write(`PASS ${alice.username}:Lua-cheia-sobre-o-rio-42\r\nNICK ${alice.username}\r\nUSER a 0 * :A\r\n`);
    await slow.waitFor((line) => / 001 /.test(line));
    slow.pause();
    // PONGs it does not read: the kernel's buffers fill, then the node's queue, which is bounded.
    const pings = 'PING :um-pouco-de-texto-para-encher-a-fila-de-saida\r\n'.repeat(2_000);
    for (let i = 0; i < 100 && !slow.isEnded; i += 1) {
      slow.write(pings);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await waitFor('the slow reader is cut off', () => app.irc.connections() === 0, 15_000);
    const other = await connectRawIrc({ host: '127.0.0.1', port: gatewayPort(app) });
    other.write('PING :ainda-aqui\r\n');
    expect(await other.waitFor((line) => / 451 |PONG/.test(line))).toBeDefined();
    other.close();
    slow.close();
  });
});

describe('IRC gateway ping timeout (pingIntervalMs)', () => {
  let app: FastifyInstance;
  let database: TestDatabase;

  beforeAll(async () => {
    ({ app, database } = await handBuiltNode({ pingIntervalMs: 300 }));
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  it('closes a registered client that stops answering PING, with the reason, and keeps one that answers', async () => {
    const [quiet, lively] = [await buildUser(app, { username: 'calada' }), await buildUser(app, { username: 'viva' })];
    // a bare socket: it answers PING until it is welcomed (signing in takes a while), then never again.
    const socket = net.connect({ host: '127.0.0.1', port: gatewayPort(app) });
    const lines: string[] = [];
    let welcomed = false;
    const reader = createInterface({ input: socket, crlfDelay: Infinity });
    reader.on('line', (line) => {
      lines.push(line);
      if (/ 001 /.test(line)) welcomed = true;
      else if (line.startsWith('PING') && !welcomed) socket.write(`PONG${line.slice(4)}\r\n`);
    });
    socket.on('error', () => undefined);
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(`PASS ${quiet.username}:${goodPassword}\r\nNICK ${quiet.username}\r\nUSER q 0 * :Q\r\n`);

    const answering = await connectRawIrc({ host: '127.0.0.1', port: gatewayPort(app) });
    answering.write(`PASS ${lively.username}:${goodPassword}\r\nNICK ${lively.username}\r\nUSER v 0 * :V\r\n`);
    await answering.waitFor((line) => / 001 /.test(line));

    await closed;
    const welcome = lines.findIndex((line) => / 001 /.test(line));
    const after = lines.slice(welcome);
    expect(welcome).toBeGreaterThanOrEqual(0);
    expect(after.some((line) => line.startsWith('PING'))).toBe(true);
    expect(after.at(-1)).toBe(`ERROR :Closing link: 127.0.0.1 (Ping timeout)`);

    // the client that answers (connectRawIrc answers every PING) has outlived three PINGs since: still open.
    const from = answering.received.length;
    for (let i = 0; i < 3; i += 1)
      await answering.waitFor((line) => line.startsWith('PING'), 10_000, answering.received.length);
    expect(answering.received.slice(from).some((line) => line.startsWith('ERROR'))).toBe(false);
    expect(answering.isEnded).toBe(false);
    expect(app.irc.connections()).toBe(1);
    answering.close();
    await waitFor('every connection forgotten', () => app.irc.connections() === 0);
  });
});

describe('IRC gateway over TLS (IRC_TLS_CERT, IRC_TLS_KEY)', () => {
  let h: ChatHarness;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'papo-irc-tls-'));
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    await writeFile(path.join(dir, 'cert.pem'), selfSignedCertificate(publicKey, privateKey));
    await writeFile(path.join(dir, 'key.pem'), privateKey.export({ type: 'pkcs8', format: 'pem' }));
    h = await startChatHarness('sqlite', {
      IRC_PORT: '0',
      IRC_TLS_CERT: path.join(dir, 'cert.pem'),
      IRC_TLS_KEY: path.join(dir, 'key.pem'),
    });
  });
  afterAll(async () => {
    await h.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('signs a member in with SASL over TLS', async () => {
    const alice = await h.member();
    const client = await registeredIrc(h.t.app, { nick: alice.username, tls: true });
    expect(await client.line(/ 903 /)).toContain('SASL authentication successful');
    client.quit();
  });
});
