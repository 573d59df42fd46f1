import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/db.js';
import { goodPassword } from '../../test/users.js';
import { startChatHarness, type ChatHarness } from '../chat/test-support.js';
import { connectRawIrc, gatewayPort, type RawIrc } from '../../test/raw-irc.js';

/** Hostile and broken lines: each gets its numeric (or ERROR), the link stays usable, and the node stays up. */
describeEachDialect('IRC gateway under hostile lines', (dialect) => {
  let h: ChatHarness;
  let client: RawIrc;

  beforeAll(async () => {
    h = await startChatHarness(dialect, { IRC_PORT: '0' });
    await h.channel('barra');
  });
  afterAll(async () => {
    client?.close();
    await h.close();
  });

  it('answers each refused line with its numeric and keeps serving', async () => {
    const alice = await h.member();
    client = await connectRawIrc({ host: '127.0.0.1', port: gatewayPort(h.t.app) });
    client.write('PRIVMSG #barra :before registering\r\n');
    expect(await client.waitFor((line) => / 451 /.test(line))).toContain('You have not registered');
    client.write(`PASS ${alice.username}:${goodPassword}\r\nNICK ${alice.username}\r\nUSER\r\n`);
    expect(await client.waitFor((line) => / 461 /.test(line))).toContain('USER');
    client.write(`USER ${alice.username} 0 * :Alice\r\n`);
    await client.waitFor((line) => / 001 /.test(line));

    const cases: [string | Buffer, RegExp][] = [
      [`PRIVMSG #barra :${'a'.repeat(600)}\r\n`, / 417 /],
      [`@${'t'.repeat(9000)} PING x\r\n`, / 417 /],
      [
        Buffer.concat([Buffer.from('PRIVMSG #barra :'), Buffer.from([0xff, 0xfe]), Buffer.from('\r\n')]),
        /FAIL \* INVALID_UTF8/,
      ],
      [Buffer.from('PRIVMSG #barra :a\0b\r\n'), / 400 .*NUL/],
      ['FROBNICATE now\r\n', / 421 \S+ FROBNICATE /],
      ['PRIVMSG\r\n', / 411 /],
      ['PRIVMSG #barra\r\n', / 412 /],
      ['JOIN\r\n', / 461 \S+ JOIN /],
      ['KICK #barra\r\n', / 461 \S+ KICK /],
      ['MODE\r\n', / 461 \S+ MODE /],
      ['TOPIC\r\n', / 461 \S+ TOPIC /],
      ['JOIN barra\r\n', / 403 \S+ barra /],
      ['JOIN #no-such-channel-here\r\n', / 403 .*ChanServ REGISTER/],
      ['JOIN #barra\r\n', / 366 \S+ #barra /],
      ['PRIVMSG #barra :\u0001VERSION\u0001\r\n', / 404 .*CTCP/],
      [`PRIVMSG ${alice.username} :\u0001VERSION\u0001\r\n`, / 401 .*CTCP/],
      ['PRIVMSG #elsewhere :hello\r\n', / 404 /],
      ['NICK\r\n', / 431 /],
      ['NICK not*valid\r\n', / 432 /],
      ['MODE #barra +x someone\r\n', / 472 /],
      ['AUTHENTICATE PLAIN\r\n', / 907 /],
      ['USER again 0 * :x\r\n', / 462 /],
    ];
    for (const [line, expected] of cases) {
      const from = client.received.length;
      client.write(line);
      await client.waitFor((line) => expected.test(line), 15_000, from);
    }

    const from = client.received.length;
    const joins = Array.from({ length: 300 }, (_, i) => `JOIN #nada${i}\r\n`).join('');
    client.write(joins);
    client.write('PING :depois\r\n');
    await client.waitFor((line) => /PONG \S+ depois/.test(line), 15_000, from);
    // past its burst of JOINs (two spent above) the storm is answered 263 without a read: every JOIN answered once.
    const refused = client.received.slice(from).filter((line) => / 403 /.test(line)).length;
    const deferred = client.received.slice(from).filter((line) => / 263 \S+ JOIN /.test(line)).length;
    expect(refused + deferred).toBe(300);
    expect(refused).toBeLessThan(100);
    expect(client.isEnded).toBe(false);
    expect((await h.t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('closes a link that never registers with a reason after QUIT', async () => {
    const other = await connectRawIrc({ host: '127.0.0.1', port: gatewayPort(h.t.app) });
    other.write('NICK x\r\nQUIT :adeus\r\n');
    expect(await other.waitFor((line) => /^ERROR /.test(line))).toContain('Quit: adeus');
  });
});
