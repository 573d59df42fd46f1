import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandler } from '../../lib/http-error.js';
import { realtimePlugin } from '../../realtime/plugin.js';
import { tokens, waitFor } from '../../realtime/test-support.js';
import { createTestDatabase, type TestDatabase } from '../../test/db.js';
import { buildUser } from '../../test/users.js';
import { selfSignedCertificate } from '../auth/fake-google.js';
import { createChannelAccess } from '../chat/access.js';
import { createChatContext } from '../chat/context.js';
import { startChatHarness, type ChatHarness } from '../chat/test-support.js';
import { createNicknameSource } from '../nicknames/sockets.js';
import { ircGateway } from './gateway.js';
import { connectIrc, rawIrc, registeredIrc, type IrcTestClient, type RawIrcClient } from './test-support.js';

describe('IRC gateway limits with the default settings', () => {
  let h: ChatHarness;
  beforeAll(async () => {
    h = await startChatHarness('sqlite', { IRC_PORT: '0' });
    await h.channel('barra');
  });
  afterAll(() => h.close());

  it('holds one address to 10 connections and says why to the eleventh', async () => {
    const open: RawIrcClient[] = [];
    for (let i = 0; i < 10; i += 1) open.push(await rawIrc(h.t.app));
    await waitFor('ten connections', () => h.t.app.irc.connections() === 10);
    const eleventh = await rawIrc(h.t.app);
    expect(await eleventh.line(/^ERROR /)).toContain('Too many connections from your address');
    for (const client of [...open, eleventh]) client.end();
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

/** A node put together by hand, with short limits, so the limits that take time or volume are seen quickly. */
describe('IRC gateway limits that take time or volume', () => {
  let app: FastifyInstance;
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    app = Fastify({ logger: false });
    app.decorate('db', database.handle.db);
    app.decorate('tokens', tokens);
    installErrorHandler(app);
    await app.register(realtimePlugin, { tokens, channels: createChannelAccess(app.db), nicknames: createNicknameSource(app.db) });
    const chat = await createChatContext(app, { realtime: app.realtime });
    await app.register(ircGateway, {
      port: 0,
      host: '127.0.0.1',
      chat,
      limits: { registrationTimeoutMs: 300, sendQueueBytes: 64 * 1024, pingIntervalMs: 60_000 },
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  it('closes a connection that does not register in time, with a reason', async () => {
    const client = await rawIrc(app);
    client.write('NICK lento\r\n');
    expect(await client.line(/^ERROR /)).toContain('Registration timed out');
    await waitFor('the link is closed', () => client.closed());
  });

  it('cuts off a client that does not read what it is sent, and keeps serving others', async () => {
    const alice = await buildUser(app, { username: 'leitora' });
    const slow = await rawIrc(app);
    slow.write(`PASS ${alice.username}:Lua-cheia-sobre-o-rio-42\r\nNICK ${alice.username}\r\nUSER a 0 * :A\r\n`);
    await slow.line(/ 001 /);
    slow.pause();
    // NOTE: PONGs it does not read: the kernel's buffers fill, then the node's queue, which is bounded.
    const pings = 'PING :um-pouco-de-texto-para-encher-a-fila-de-saida\r\n'.repeat(2_000);
    for (let i = 0; i < 100 && !slow.closed(); i += 1) {
      slow.write(pings);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await waitFor('the slow reader is cut off', () => app.irc.connections() === 0, 15_000);
    const other = await rawIrc(app);
    other.write('PING :ainda-aqui\r\n');
    expect(await other.line(/ 451 |PONG/)).toBeDefined();
    other.end();
    slow.end();
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
    h = await startChatHarness('sqlite', { IRC_PORT: '0', IRC_TLS_CERT: path.join(dir, 'cert.pem'), IRC_TLS_KEY: path.join(dir, 'key.pem') });
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
