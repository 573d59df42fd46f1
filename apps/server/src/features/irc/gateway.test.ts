import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { record, waitFor } from '../../realtime/test-support.js';
import { describeEachDialect } from '../../test/db.js';
import { goodPassword } from '../../test/users.js';
import { startChatHarness, type ChatHarness } from '../chat/test-support.js';
import { connectIrc, registeredIrc, type IrcTestClient } from './test-support.js';

describeEachDialect('IRC gateway beside the web', (dialect) => {
  let h: ChatHarness;
  const open: IrcTestClient[] = [];
  const irc = async (...args: Parameters<typeof registeredIrc>) => {
    const client = await registeredIrc(...args);
    open.push(client);
    return client;
  };

  beforeAll(async () => {
    h = await startChatHarness(dialect, { IRC_PORT: '0' });
    await h.channel('barra');
  });
  afterEach(() => {
    for (const client of open.splice(0)) client.quit();
    h.disconnectAll();
  });
  afterAll(() => h.close());

  it('signs in with SASL, joins #barra and carries messages both ways with a web member', async () => {
    const [alice, bob] = [await h.member(), await h.member()];
    const web = await h.joined(bob, '#barra');
    const heard = record(web, 'new-message');
    const joined = record(web, 'user-joined');
    const client = await irc(h.t.app, { nick: alice.username });
    expect(await client.line(/ 900 /)).toContain(alice.username);

    client.client.join('#barra');
    await client.line(new RegExp(`^:${alice.username}!\\S+ JOIN #barra`));
    expect(await client.line(/ 353 /)).toMatch(new RegExp(`#barra :.*${bob.username}`));
    await waitFor('the web hears the IRC member join', () => joined.some(([payload]) => payload.user.id === alice.id));

    client.client.say('#barra', 'olá da IRC');
    await waitFor('the web member reads it', () => heard.length === 1);
    expect(heard[0]![0]).toMatchObject({ channel: '#barra', username: alice.username, text: 'olá da IRC' });

    const from = client.mark();
    expect((await h.post(bob, '/api/send-message', { channel: 'barra', text: 'olá da web' })).statusCode).toBe(200);
    expect(await client.line(/PRIVMSG #barra/, from)).toMatch(new RegExp(`^(@\\S+ )?:${bob.username}!\\S+ PRIVMSG #barra :olá da web$`));
  });

  it('refuses a wrong password with 904, then closes the link with 464 and a reason', async () => {
    const alice = await h.member();
    const client = await connectIrc(h.t.app, { nick: alice.username, account: { account: alice.username, password: 'not-her-password' } });
    open.push(client);
    expect(await client.line(/ 904 /)).toContain('invalid_credentials');
    expect(await client.line(/ 464 /)).toContain('invalid_credentials');
    expect(await client.line(/^ERROR /)).toContain('Authentication failed');
    await waitFor('the link is closed', () => client.closed());
  });

  it('accepts PASS username:password from a client without SASL', async () => {
    const alice = await h.member();
    const client = await irc(h.t.app, { nick: alice.username, password: `${alice.username}:${goodPassword}` });
    expect(await client.line(/ 001 /)).toContain(`Welcome to Papo, ${alice.username}!`);
  });
});
