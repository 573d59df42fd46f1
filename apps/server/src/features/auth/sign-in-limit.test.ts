import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/db.js';
import { commandOf, connectRawIrc, gatewayPort, loopbackSource, type RawIrc } from '../../test/raw-irc.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { buildUser, goodPassword } from '../../test/users.js';
import { signInLimits } from './login.js';

const limit = signInLimits.perAddress.max;
const randomAddressFor = (dialect: string) => `10.38.${dialect.length}.${randomInt(1, 255)}`;

/** A SASL-ready IRC connection from `address` (a loopback source of its own). */
async function saslClient(t: TestApp, address: string): Promise<RawIrc> {
  const client = await connectRawIrc({ host: '127.0.0.1', port: gatewayPort(t.app), localAddress: address });
  client.send('CAP LS 302');
  client.send('CAP REQ :sasl');
  await client.waitFor((line) => commandOf(line) === 'CAP' && / ACK /.test(line));
  return client;
}

/** One SASL PLAIN attempt; resolves with the 904 or 903 line it was answered. */
async function saslAttempt(client: RawIrc, login: string, password: string): Promise<string> {
  const from = client.received.length;
  client.send('AUTHENTICATE PLAIN');
  await client.waitFor((line) => line.startsWith('AUTHENTICATE +'), 10_000, from);
  client.send(`AUTHENTICATE ${Buffer.from(`\0${login}\0${password}`).toString('base64')}`);
  return client.waitFor((line) => ['903', '904'].includes(commandOf(line)), 10_000, from);
}

describeEachDialect('one sign-in limit for the web and IRC', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect, env: { IRC_PORT: '0' } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t?.close());

  const webAttempt = (address: string, username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/login_check', payload: { username, password }, remoteAddress: address });

  it("counts the web's and IRC's wrong passwords from one address together, then answers 429 with Retry-After", async () => {
    const address = loopbackSource(randomInt(62_000), 37);
    for (let i = 0; i < limit / 2; i += 1)
      expect((await webAttempt(address, 'ninguem', 'errada')).statusCode).toBe(401);
    const client = await saslClient(t, address);
    try {
      for (let i = 0; i < limit / 2; i += 1)
        expect(await saslAttempt(client, 'ninguem', 'errada')).toContain('invalid_credentials');
      expect(await saslAttempt(client, 'ninguem', 'errada')).toContain('too_many_requests');
    } finally {
      client.close();
    }
    const over = await webAttempt(address, 'ninguem', 'errada');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('10 parallel IRC connections cannot try more passwords than the limit', async () => {
    const address = loopbackSource(randomInt(62_000), 39);
    const clients = await Promise.all(Array.from({ length: 10 }, () => saslClient(t, address)));
    try {
      const answers = (
        await Promise.all(
          clients.map(async (client) => [
            await saslAttempt(client, 'ninguem', 'a'),
            await saslAttempt(client, 'ninguem', 'b'),
            await saslAttempt(client, 'ninguem', 'c'),
          ]),
        )
      ).flat();
      expect(answers).toHaveLength(30);
      expect(answers.filter((line) => line.includes('invalid_credentials'))).toHaveLength(limit);
      expect(answers.filter((line) => line.includes('too_many_requests'))).toHaveLength(30 - limit);
    } finally {
      for (const client of clients) client.close();
    }
  });

  it('counts parallel attempts on one account from many addresses before their passwords: no more are tried than the lockout allows', async () => {
    const member = await buildUser(t.app, { username: `alvo${dialect}` });
    const statuses = await Promise.all(
      Array.from({ length: signInLimits.perAccount.max + 5 }, (_, i) =>
        webAttempt(`10.37.${randomInt(256)}.${i + 1}`, member.username, `errada-${i}`),
      ),
    ).then((answers) => answers.map((answer) => answer.statusCode));
    // The tenth wrong password locks the account (423), so at most nine are answered 401; every other attempt waits.
    expect(statuses.filter((status) => status === 401).length).toBeLessThan(signInLimits.perAccount.max);
    expect(statuses.filter((status) => status !== 401).every((status) => status === 423)).toBe(true);
    expect((await webAttempt(randomAddressFor(dialect), member.username, goodPassword)).statusCode).toBe(423);
  });
});
