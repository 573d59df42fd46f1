import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { record } from '../realtime/test-support.js';
import { startChatHarness, type ChatHarness } from '../features/chat/test-support.js';
import { commandOf, connectRawIrc, gatewayPort, registerRawIrc } from '../test/raw-irc.js';
import { goodPassword } from '../test/users.js';
import { waitFor } from '../test/wait-for.js';
import { fuzzIrc } from './irc-run.js';

/** CI's short pass of `npm run fuzz:irc`: every kind of hostile line, before and after registration, and a JOIN storm. */
describe('IRC fuzz, short pass', () => {
  let h: ChatHarness;
  beforeAll(async () => {
    h = await startChatHarness('sqlite', { IRC_PORT: '0' });
    await h.channel('barra');
  });
  afterAll(() => h.close());

  it('tells every hostile client why (a numeric or ERROR), keeps the node up and holds no connection after', async () => {
    const members = [await h.member(), await h.member(), await h.member()];
    const target = { host: '127.0.0.1', port: gatewayPort(h.t.app) };
    const result = await fuzzIrc({
      target,
      accounts: members.map((member) => ({ username: member.username, password: goodPassword })),
      linesPerKind: 30,
      joins: 500,
      rounds: 1,
      seed: 38,
    });
    console.log(
      `irc fuzz: ${result.lines} lines on ${result.connections} connections, outcomes ${JSON.stringify(result.outcomes)}`,
    );
    expect(result.counterexamples).toEqual([]);
    expect(result.outcomes.open + result.outcomes.closedWithReason).toBe(result.connections);
    expect(result.lines).toBeGreaterThan(800);

    // the node still serves: a new IRC member signs in, joins #barra and a web member reads what she says.
    const web = await h.joined(members[0]!, '#barra');
    const heard = record(web, 'new-message');
    const client = await connectRawIrc({ ...target, localAddress: '127.3.0.1' });
    await registerRawIrc(client, { username: members[1]!.username, password: goodPassword });
    client.send('JOIN #barra');
    await client.waitFor((line) => commandOf(line) === '366');
    client.send('PRIVMSG #barra :still here');
    await waitFor('the web member reads the IRC line', () => heard.some(([message]) => message.text === 'still here'));
    client.close();
    expect((await h.t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await waitFor('the gateway holds no connection', () => h.t.app.irc.connections() === 0);
  }, 60_000);
});
