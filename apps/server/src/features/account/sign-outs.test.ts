import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { rooms } from '@papo/contract/socket-events';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { accessTokenSeconds } from '../../lib/tokens.js';
import { connectClient, type TestClient } from '../../realtime/test-support.js';
import { hasRedis } from '../../test/cluster.js';
import { describeEachDialect } from '../../test/db.js';
import { latestMailTo } from '../../test/mail.js';
import { startTwoNodes, type TwoNodes } from '../../test/nodes.js';
import { childEnv } from '../../test/process.js';
import { createTestDevice } from '../../test/push-device.js';
import { commandOf, connectRawIrc, gatewayPort, registerRawIrc, type RawIrc } from '../../test/raw-irc.js';
import { runAdminCommand } from '../../scripts/admin-commands.js';
import { startListeningTestApp, type ListeningTestApp } from '../../test/sockets.js';
import { buildAccount, buildUser, goodPassword } from '../../test/users.js';
import { waitFor } from '../../test/wait-for.js';
import { bearer, randomAddress, signIn, watchSignOut } from './test-support.js';

const newPassword = 'Outra-senha-bem-longa-37';

/** Subscribes a push device for the sign-in of `token`; its endpoint is on loopback, where nothing listens. */
async function subscribePush(app: FastifyInstance, token: string, name: string): Promise<string> {
  const device = createTestDevice(`http://127.0.0.1:9/push/${name}-${randomBytes(4).toString('hex')}`);
  const res = await app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: bearer(token),
    payload: device.subscription,
  });
  expect(res.statusCode, res.body).toBe(201);
  return device.subscription.endpoint;
}

async function pushEndpoints(app: FastifyInstance, userId: number): Promise<string[]> {
  const rows = await app.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', userId).execute();
  return rows.map((row) => row.endpoint).sort();
}

async function ircLink(app: FastifyInstance, username: string): Promise<RawIrc> {
  const client = await connectRawIrc({ host: '127.0.0.1', port: gatewayPort(app) });
  await registerRawIrc(client, { username, password: goodPassword });
  return client;
}

/** The IRC line that closes the link, and when it came. */
function closingLine(client: RawIrc): Promise<{ line: string; at: number }> {
  return client.waitFor((line) => commandOf(line) === 'ERROR', 5_000).then((line) => ({ line, at: Date.now() }));
}

describeEachDialect('sign-outs reach what is already connected', (dialect) => {
  let t: ListeningTestApp;
  beforeAll(async () => {
    t = await startListeningTestApp({ dialect, env: { IRC_PORT: '0', SOCKET_REAUTH_GRACE_MS: '300' } });
  });
  afterAll(() => t?.close());

  it("a logout closes that sign-in's sockets and forgets its push device, and nothing else", async () => {
    const member = await buildUser(t.app, { username: `sai${dialect}` });
    const [phone, laptop] = [await signIn(t.app, member.username), await signIn(t.app, member.username)];
    const [phoneSocket, laptopSocket] = [await t.connect(phone), await t.connect(laptop)];
    const [phonePush, laptopPush] = [
      await subscribePush(t.app, phone.token, 'phone'),
      await subscribePush(t.app, laptop.token, 'laptop'),
    ];
    const watch = watchSignOut(phoneSocket);
    const heard: { phone: number; laptop: number } = { phone: 0, laptop: 0 };
    phoneSocket.on('typing', () => (heard.phone += 1));
    laptopSocket.on('typing', () => (heard.laptop += 1));

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refresh_token: phone.refresh_token },
    });
    expect(out.statusCode).toBe(200);
    await watch.closed;
    expect(watch.reasons).toEqual(['logged_out']);
    expect(phoneSocket.connected).toBe(false);
    // What the member's room is sent now reaches the laptop only.
    t.app.io.to(rooms.user(member.id)).emit('typing', { is_typing: true, username: 'ana', conversation_id: 1 });
    await waitFor('the laptop to hear it', () => heard.laptop === 1);
    expect(heard.phone).toBe(0);
    expect(laptopSocket.connected).toBe(true);
    expect(await pushEndpoints(t.app, member.id)).toEqual([laptopPush]);
    expect(phonePush).not.toBe(laptopPush);
  });

  it('a password reset closes every socket and IRC link of the account within 2 s and forgets its push devices', async () => {
    const member = await buildAccount(t.app, {
      username: `esquece${dialect}`,
      email: `esquece-${dialect}@example.com`,
    });
    const sessions = [await signIn(t.app, member.username), await signIn(t.app, member.username)];
    const sockets = await Promise.all(sessions.map((session) => t.connect(session)));
    const watches = sockets.map(watchSignOut);
    for (const [i, session] of sessions.entries()) await subscribePush(t.app, session.token, `device${i}`);
    const irc = await ircLink(t.app, member.username);
    const ircClosed = closingLine(irc);

    await t.app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      payload: { email: `esquece-${dialect}@example.com` },
      remoteAddress: randomAddress(),
    });
    // The second sign-in was a new device's (its mail first), then the reset's.
    const mail = await latestMailTo(t.dataDir, `esquece-${dialect}@example.com`, 2);
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    const started = Date.now();
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: { token, password: newPassword },
      remoteAddress: randomAddress(),
    });
    expect(reset.statusCode).toBe(200);

    const closedAt = await Promise.all(watches.map((watch) => watch.closed));
    const { line, at } = await ircClosed;
    expect(line).toMatch(/^ERROR :Closing link: .* \(password changed\)$/);
    expect(Math.max(...closedAt, at) - started).toBeLessThan(2_000);
    expect(watches.map((watch) => watch.reasons)).toEqual([['password_changed'], ['password_changed']]);
    expect(await pushEndpoints(t.app, member.id)).toEqual([]);
    for (const session of sessions) {
      const refreshed = await t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refresh_token: session.refresh_token },
      });
      expect(refreshed.statusCode).toBe(401);
    }
    await irc.ended;
  });

  it('a socket whose token expires is re-authenticated with a fresh one, or closed after the grace time', async () => {
    const member = await buildUser(t.app, { username: `expira${dialect}` });
    const session = await signIn(t.app, member.username);
    const { sessionId } = await t.app.tokens.verifyAccessToken(session.token);
    // Tokens of this sign-in issued long enough ago that they expire within two seconds.
    const aging = () =>
      t.app.tokens.signAccessToken(
        { userId: member.id, username: member.username, roles: [], sessionId },
        Math.floor(Date.now() / 1000) - accessTokenSeconds + 2,
      );
    const renewing = await t.connect({ token: await aging() });
    const silent = await t.connect({ token: await aging() });
    const stranger = await buildUser(t.app, { username: `estranho${dialect}` });
    const answers: unknown[] = [];
    renewing.on('token-expired', () => {
      // Another member's token is refused; the sign-in's own fresh one is taken.
      void renewing.emitWithAck('reauth', stranger.token).then((answer) => answers.push(answer));
      void t.app.tokens
        .signAccessToken({ userId: member.id, username: member.username, roles: [], sessionId })
        .then(async (fresh) => {
          answers.push(await renewing.emitWithAck('reauth', fresh));
        });
    });
    const silentExpired = new Promise<void>((resolve) => silent.once('token-expired', () => resolve()));
    const silentClosed = watchSignOut(silent).closed;
    await silentExpired;
    await silentClosed;
    await waitFor('both answers', () => answers.length === 2);
    expect(answers).toContainEqual({ ok: false, message: 'Invalid JWT Token' });
    expect(answers).toContainEqual({ ok: true });
    expect(silent.connected).toBe(false);
    expect(renewing.connected).toBe(true);
  });
});

describeEachDialect('sign-outs across two nodes', (dialect) => {
  let cluster: TwoNodes | undefined;
  let urls: string[] = [];
  const sockets: TestClient[] = [];
  const links: RawIrc[] = [];
  const prefix = `signouts-${process.pid}-${randomBytes(3).toString('hex')}`;
  beforeAll(async () => {
    if (!hasRedis) return;
    cluster = await startTwoNodes(process.env.TEST_REDIS_URL!, { IRC_PORT: '0', REDIS_PREFIX: prefix }, { dialect });
    urls = await Promise.all(cluster.nodes.map((node) => node.listen({ host: '127.0.0.1', port: 0 })));
    await Promise.all(cluster.nodes.map((node) => node.revocations.ready));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    for (const link of links) link.close();
    await cluster?.close();
  });

  it.skipIf(!hasRedis)(
    'a logout on one node closes the sign-in on the other; a password change there closes every socket and IRC link within 2 s',
    async () => {
      const [a, b] = cluster!.nodes;
      const member = await buildUser(a, { username: `doisnos${dialect}` });
      const [phone, laptop] = [await signIn(a, member.username), await signIn(a, member.username)];
      const phoneOnB = await connectClient(urls[1]!, { token: phone.token });
      const laptopOnA = await connectClient(urls[0]!, { token: laptop.token });
      const irc = await ircLink(b, member.username);
      sockets.push(phoneOnB, laptopOnA);
      links.push(irc);
      const [phoneWatch, laptopWatch] = [watchSignOut(phoneOnB), watchSignOut(laptopOnA)];

      await a.inject({ method: 'POST', url: '/api/auth/logout', payload: { refresh_token: phone.refresh_token } });
      await phoneWatch.closed;
      expect(phoneWatch.reasons).toEqual(['logged_out']);
      expect(laptopOnA.connected).toBe(true);
      expect(irc.isEnded).toBe(false);
      const me = (node: FastifyInstance, token: string) =>
        node.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
      expect((await me(b, phone.token)).statusCode).toBe(401);
      expect((await me(b, laptop.token)).statusCode).toBe(200);

      const other = await signIn(b, member.username);
      const ircClosed = closingLine(irc);
      const started = Date.now();
      const changed = await b.inject({
        method: 'PUT',
        url: '/api/account/password',
        headers: bearer(other.token),
        payload: { currentPassword: goodPassword, newPassword },
        remoteAddress: randomAddress(),
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const closedAt = await laptopWatch.closed;
      const { line, at } = await ircClosed;
      expect(Math.max(closedAt, at) - started).toBeLessThan(2_000);
      expect(laptopWatch.reasons).toEqual(['password_changed']);
      expect(line).toContain('(password changed)');
    },
  );

  it.skipIf(!hasRedis)(
    'a role change by the admin command line, another process, closes every socket and IRC link on both nodes within 2 s',
    async () => {
      const [a, b] = cluster!.nodes;
      const member = await buildUser(a, { username: `papel${dialect}` });
      const [phone, laptop] = [await signIn(a, member.username), await signIn(b, member.username)];
      const phoneOnA = await connectClient(urls[0]!, { token: phone.token });
      const laptopOnB = await connectClient(urls[1]!, { token: laptop.token });
      const irc = await ircLink(a, member.username);
      sockets.push(phoneOnA, laptopOnB);
      links.push(irc);
      const watches = [watchSignOut(phoneOnA), watchSignOut(laptopOnB)];
      const ircClosed = closingLine(irc);
      const { database } = cluster!;
      // the command opens the database itself, as `npm run admin` does: for SQLite, DATA_DIR's papo.sqlite.
      const env = {
        ...(database.url ? { DATABASE_URL: database.url } : { DATA_DIR: path.dirname(database.sqliteFile!) }),
        REDIS_URL: process.env.TEST_REDIS_URL!,
        REDIS_PREFIX: prefix,
      };
      const answer = await runAdminCommand(['set-role', '--username', member.username, '--role', 'ROLE_MODERATOR'], {
        env: childEnv(env),
        password: async () => '',
        progress: () => undefined,
      });
      // timed from the command's answer, which follows the announcement: opening and checking the database before
      // it is the command's own start-up, not the sign-out's delay.
      const answeredAt = Date.now();
      expect(answer).toBe(`${member.username} now has roles ROLE_USER, ROLE_MODERATOR`);
      const closed = await Promise.all([...watches.map((watch) => watch.closed), ircClosed.then(({ at }) => at)]);
      expect(Math.max(...closed) - answeredAt).toBeLessThan(2_000);
      expect(watches.map((watch) => watch.reasons)).toEqual([['role_changed'], ['role_changed']]);
      expect((await ircClosed).line).toContain('(role changed)');
      expect((await b.inject({ method: 'GET', url: '/api/me', headers: bearer(laptop.token) })).statusCode).toBe(401);
      expect(
        (await a.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: phone.refresh_token } }))
          .statusCode,
      ).toBe(401);
    },
  );
});
