import { randomInt } from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { record, waitFor } from '../../realtime/test-support.js';
import { describeEachDialect } from '../../test/db.js';
import { commandOf, connectRawIrc, gatewayPort, loopbackSource } from '../../test/raw-irc.js';
import { buildUser, goodPassword } from '../../test/users.js';
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
    const transports = h.t.app.io.engine.clientsCount;
    const client = await irc(h.t.app, { nick: alice.username });
    expect(await client.line(/ 900 /)).toContain(alice.username);
    await client.line(/ 001 /);
    // the link is a member of the node's rooms in the process: no Socket.IO connection of its own.
    expect(h.t.app.io.engine.clientsCount).toBe(transports);

    client.client.join('#barra');
    await client.line(new RegExp(`^:${alice.username}!\\S+ JOIN #barra`));
    expect(await client.line(/ 353 /)).toMatch(new RegExp(`#barra :.*${bob.username}`));
    await waitFor('the web hears the IRC member join', () => joined.some(([payload]) => payload.user.id === alice.id));

    client.client.say('#barra', 'olá da IRC');
    await waitFor('the web member reads it', () => heard.length === 1);
    expect(heard[0]![0]).toMatchObject({ channel: '#barra', username: alice.username, text: 'olá da IRC' });

    const from = client.mark();
    expect((await h.post(bob, '/api/send-message', { channel: 'barra', text: 'olá da web' })).statusCode).toBe(200);
    expect(await client.line(/PRIVMSG #barra/, from)).toMatch(
      new RegExp(`^(@\\S+ )?:${bob.username}!\\S+ PRIVMSG #barra :olá da web$`),
    );

    const left = record(web, 'user-left');
    client.client.quit('até logo');
    await waitFor('the web hears the IRC member quit', () => left.some(([userId]) => userId === alice.id));
  });

  it('refuses a wrong password with 904, then closes the link with 464 and a reason', async () => {
    const alice = await h.member();
    const client = await connectIrc(h.t.app, {
      nick: alice.username,
      account: { account: alice.username, password: 'not-her-password' },
    });
    open.push(client);
    expect(await client.line(/ 904 /)).toContain('invalid_credentials');
    expect(await client.line(/ 464 /)).toContain('invalid_credentials');
    expect(await client.line(/^ERROR /)).toContain('Authentication failed');
    await waitFor('the link is closed', () => client.closed());
  });

  it("counts an address's sign-ins as the web does: past 20, even the right password is refused for a while", async () => {
    const alice = await h.member();
    // an address of its own per run: the count lives in Redis across runs for the limit's window.
    const client = await connectRawIrc({
      host: '127.0.0.1',
      port: gatewayPort(h.t.app),
      localAddress: loopbackSource(randomInt(62_000), 38),
    });
    const failures = () => client.received.filter((line) => commandOf(line) === '904');
    const signIn = async (login: string, password: string, answers: number) => {
      client.send('AUTHENTICATE PLAIN');
      await client.waitFor((line) => line.startsWith('AUTHENTICATE +'));
      client.send(`AUTHENTICATE ${Buffer.from(`\0${login}\0${password}`).toString('base64')}`);
      await client.waitFor(() => failures().length >= answers);
    };
    try {
      client.send('CAP LS 302');
      client.send('CAP REQ :sasl');
      await client.waitFor((line) => commandOf(line) === 'CAP' && / ACK /.test(line));
      for (let i = 1; i <= 20; i += 1) await signIn('nobody-here', 'wrong', i);
      expect(failures().every((line) => line.includes('invalid_credentials'))).toBe(true);
      await signIn(alice.username, goodPassword, 21);
      expect(failures().at(-1)).toContain('too_many_requests');
    } finally {
      client.close();
    }
  });

  it('accepts PASS username:password from a client without SASL', async () => {
    const alice = await h.member();
    const client = await irc(h.t.app, { nick: alice.username, password: `${alice.username}:${goodPassword}` });
    expect(await client.line(/ 001 /)).toContain(`Welcome to Papo, ${alice.username}!`);
  });

  it('lists web and IRC members in NAMES with their prefixes, and the IRC member in the web list', async () => {
    const [alice, bob, carol] = [await h.member(), await h.member(), await h.member()];
    await h.channel('names');
    await h.setLevel('names', bob.id, 5);
    await h.setLevel('names', carol.id, 3);
    await h.joined(bob, '#names');
    await h.joined(carol, '#names');
    const client = await irc(h.t.app, { nick: alice.username });
    client.client.join('#names');
    const names = await client.line(/ 353 .* #names /);
    expect(names.split(' :').pop()!.split(' ')).toEqual([`@${bob.username}`, `+${carol.username}`, alice.username]);
    const viewer = await h.connect(await h.member());
    const lists = record(viewer, 'users');
    await viewer.timeout(3_000).emitWithAck('join', '#names');
    expect(lists[0]![0].map((user) => user.nickname)).toEqual(
      expect.arrayContaining([alice.username, bob.username, carol.username]),
    );
  });

  it("tells each IRC link in a channel of a web member's join and part once, from the node's one member list", async () => {
    const [alice, carol, bob] = [await h.member(), await h.member(), await h.member()];
    await h.channel('shared');
    const links = [await irc(h.t.app, { nick: alice.username }), await irc(h.t.app, { nick: carol.username })];
    for (const link of links) {
      link.client.join('#shared');
      await link.line(/ 366 .*#shared /);
    }
    const web = await h.joined(bob, '#shared');
    const joinLine = new RegExp(`^:${bob.username}!\\S+ JOIN :?#shared$`);
    const partLine = new RegExp(`^:${bob.username}!\\S+ PART :?#shared$`);
    for (const link of links) await link.line(joinLine);
    web.disconnect();
    for (const link of links) await link.line(partLine);
    for (const link of links) {
      const from = link.mark();
      link.client.raw('NAMES #shared');
      await link.line(/ 366 .*#shared /, from);
      const names = link.lines
        .slice(from)
        .filter((line) => / 353 /.test(line))
        .flatMap((line) => line.split(' :').pop()!.split(' '));
      expect(names.sort()).toEqual([alice.username, carol.username].sort());
      expect(link.lines.filter((line) => joinLine.test(line))).toHaveLength(1);
      expect(link.lines.filter((line) => partLine.test(line))).toHaveLength(1);
    }
  });

  it('shows the topic on join and carries topic changes both ways', async () => {
    const [alice, bob] = [await h.member(), await h.member()];
    await h.channel('topics');
    await h.setLevel('topics', alice.id, 5);
    await h.setLevel('topics', bob.id, 5);
    const web = await h.joined(bob, '#topics');
    const topics = record(web, 'topic-updated');
    expect(
      (
        await h.t.app.inject({
          method: 'PUT',
          url: '/api/topic',
          headers: bob.headers,
          payload: { channel: 'topics', content: 'da web' },
        })
      ).statusCode,
    ).toBe(200);
    const client = await irc(h.t.app, { nick: alice.username });
    client.client.join('#topics');
    expect(await client.line(/ 332 /)).toMatch(/#topics :da web$/);
    expect(await client.line(/ 333 /)).toContain(bob.username);

    client.client.setTopic('#topics', 'da IRC');
    await waitFor('the web hears the new topic', () => topics.some(([topic]) => topic.content === 'da IRC'));
    await client.line(/ TOPIC #topics :da IRC$/);
    const from = client.mark();
    await h.t.app.inject({
      method: 'PUT',
      url: '/api/topic',
      headers: bob.headers,
      payload: { channel: 'topics', content: 'outra vez da web' },
    });
    expect(await client.line(/ TOPIC #topics /, from)).toMatch(/TOPIC #topics :outra vez da web$/);
  });

  it('refuses the topic to a member below operator with 482', async () => {
    const alice = await h.member();
    const client = await irc(h.t.app, { nick: alice.username });
    client.client.join('#barra');
    await client.line(/ 366 /);
    client.client.setTopic('#barra', 'não posso');
    expect(await client.line(/ 482 /)).toContain('not_channel_operator');
  });

  it('carries a private conversation both ways and stores it', async () => {
    const [alice, bob] = [await h.member(), await h.member()];
    const client = await irc(h.t.app, { nick: alice.username });
    const web = await h.connect(bob);
    client.client.say(bob.username, 'olá em privado');
    let conversationId = 0;
    await waitFor('the conversation exists for bob', async () => {
      const list = (await h.t.app.inject({ method: 'GET', url: '/api/conversations', headers: bob.headers })).json();
      conversationId = list[0]?.id ?? list.conversations?.[0]?.id ?? 0;
      return conversationId > 0;
    });
    await waitFor('the message is stored', async () => {
      const page = (await h.post(bob, `/api/conversations/${conversationId}`, {})).json();
      return page.messages?.some(
        (message: { content: string; senderId: number }) =>
          message.content === 'olá em privado' && message.senderId === alice.id,
      );
    });
    const heard = record(web, 'new_message');
    await web.timeout(3_000).emitWithAck('join', `conversation_${conversationId}`);
    const from = client.mark();
    const sent = await h.post(bob, '/api/conversations/private/messages', {
      conversation_id: conversationId,
      content: 'resposta da web',
    });
    expect(sent.statusCode).toBe(200);
    expect(await client.line(/ PRIVMSG /, from)).toMatch(
      new RegExp(`:${bob.username}!\\S+ PRIVMSG ${alice.username} :resposta da web$`),
    );
    client.client.say(bob.username, 'e mais uma');
    await waitFor('the web tab hears the second line', () =>
      heard.some(([message]) => message.content === 'e mais uma'),
    );
  });

  it('delivers a conversation a web member starts to the IRC member, with typing both ways', async () => {
    const [alice, bob] = [await h.member(), await h.member()];
    const client = await irc(h.t.app, { nick: alice.username });
    const opened = await h.post(bob, '/api/add-conversation', { user: alice.id });
    const conversationId: number = opened.json().conversation_id;
    const web = await h.connect(bob);
    await web.timeout(3_000).emitWithAck('join', `conversation_${conversationId}`);
    const typing = record(web, 'typing');
    await h.post(bob, '/api/conversations/private/messages', {
      conversation_id: conversationId,
      content: 'começou na web',
    });
    expect(await client.line(/ PRIVMSG /)).toMatch(
      new RegExp(`:${bob.username}!\\S+ PRIVMSG ${alice.username} :começou na web$`),
    );

    client.client.tagmsg(bob.username, { '+typing': 'active' });
    // A typing client repeats `active` every few seconds (IRCv3 typing), and so does this one until the web hears it.
    const repeat = setInterval(() => client.client.tagmsg(bob.username, { '+typing': 'active' }), 1_500);
    await waitFor('the web sees the IRC member typing', () =>
      typing.some(
        ([payload]) => payload.is_typing && 'conversation_id' in payload && payload.conversation_id === conversationId,
      ),
    ).finally(() => clearInterval(repeat));
    const from = client.mark();
    await h.post(bob, '/api/typing', { conversation_id: conversationId, is_typing: true });
    expect(await client.line(/ TAGMSG /, from)).toMatch(
      new RegExp(`^@\\+typing=active :${bob.username}!\\S+ TAGMSG ${alice.username}$`),
    );
  });

  it('tells IRC nothing of a web member typing in a channel, even with message-tags', async () => {
    const [alice, bob] = [await h.member(), await h.member()];
    const client = await irc(h.t.app, { nick: alice.username });
    client.client.join('#barra');
    await client.line(/ 366 /);
    await h.joined(bob, '#barra');
    const from = client.mark();
    expect((await h.post(bob, '/api/typing', { channel: 'barra', is_typing: true })).statusCode).toBe(200);
    expect((await h.post(bob, '/api/send-message', { channel: 'barra', text: 'marcador' })).statusCode).toBe(200);
    await client.line(/ PRIVMSG #barra :?marcador$/, from);
    expect(client.lines.slice(from).filter((line) => / TAGMSG /.test(line))).toEqual([]);
  });

  it("switches NICK among her own nicknames, announced to the web, and refuses another member's", async () => {
    const [alice, bob] = [await h.member(), await h.member()];
    expect((await h.post(alice, '/api/nicknames', { nickname: `Lua${alice.id}` })).statusCode).toBe(201);
    const web = await h.joined(bob, '#barra');
    const renamed = record(web, 'nickname-changed');
    const client = await irc(h.t.app, { nick: alice.username });
    client.client.join('#barra');
    await client.line(/ 366 /);
    client.client.changeNick(`Lua${alice.id}`);
    expect(await client.line(/ NICK /)).toBe(`:${alice.username}!${alice.username}@localhost NICK Lua${alice.id}`);
    await waitFor('the web hears the new name', () =>
      renamed.some(([user]) => user.id === alice.id && user.nickname === `Lua${alice.id}`),
    );
    client.client.changeNick(bob.username);
    expect(await client.line(/ 433 /)).toContain(bob.username);
  });

  it('answers /msg ChanServ OP under PEACE: a master ops a member, a plain member is refused', async () => {
    const [alice, bob, carol] = [await h.member(), await h.member(), await h.member()];
    await h.channel('peace');
    await h.setLevel('peace', alice.id, 10);
    const web = await h.joined(bob, '#peace');
    const levels = record(web, 'level-changed');
    const client = await irc(h.t.app, { nick: alice.username });
    client.client.join('#peace');
    await client.line(/ 366 .*#peace/);
    client.client.say('ChanServ', `OP #peace ${bob.username}`);
    expect(await client.line(/^:ChanServ!\S+ NOTICE /)).toContain('done');
    await waitFor('the web hears the new level', () =>
      levels.some(([change]) => change.userId === bob.id && change.level === 5),
    );
    expect(await client.line(/ MODE #peace \+o /)).toContain(bob.username);

    const other = await irc(h.t.app, { nick: carol.username });
    other.client.say('ChanServ', `OP #peace ${bob.username}`);
    expect(await other.line(/^:ChanServ!\S+ NOTICE /)).toContain('not_channel_operator');
    other.client.say('NickServ', `INFO ${bob.username}`);
    expect(await other.line(/^:NickServ!\S+ NOTICE /)).toContain(`Information on ${bob.username}`);
    other.client.raw('WHOIS', bob.username);
    expect(await other.line(/ 311 /)).toContain(bob.username);
    expect(await other.line(/ 318 /)).toContain('End of /WHOIS list');
  });

  it('answers a level the member already has with one ChanServ NOTICE each, and tells the channel nothing', async () => {
    const [alice, bob, carol] = [await h.member(), await h.member(), await h.member()];
    await h.channel('noop');
    await h.setLevel('noop', alice.id, 10);
    await h.setLevel('noop', bob.id, 3);
    const web = await h.joined(carol, '#noop');
    const levels = record(web, 'level-changed');
    // an address of its own: the file's other sign-ins from 127.0.0.1 already come close to the per-address limit.
    const client = await irc(h.t.app, { nick: alice.username, source: loopbackSource(randomInt(62_000), 40) });
    client.client.join('#noop');
    await client.line(/ 366 .*#noop/);

    const from = client.mark();
    client.client.raw('MODE', '#noop', '+v', bob.username);
    client.client.say('ChanServ', `VOICE #noop ${bob.username}`);
    // a change that does happen, asked after both: its MODE comes after anything the two above could have caused.
    client.client.raw('MODE', '#noop', '+v', carol.username);
    await client.line(new RegExp(` MODE #noop \\+v ${carol.username}$`), from);
    await waitFor('the web hears carol voiced', () => levels.some(([change]) => change.userId === carol.id));

    const heard = client.lines.slice(from);
    const already = `NOTICE ${alice.username} :${bob.username} already has voice on #noop`;
    expect(heard.filter((line) => / NOTICE /.test(line))).toEqual([
      expect.stringMatching(new RegExp(`^:ChanServ!ChanServ@\\S+ ${already}$`)),
      expect.stringMatching(new RegExp(`^:ChanServ!ChanServ@\\S+ ${already}$`)),
    ]);
    expect(heard.filter((line) => / MODE /.test(line))).toEqual([expect.stringContaining(`+v ${carol.username}`)]);
    expect(levels.map(([change]) => change.userId)).toEqual([carol.id]);
  });

  it('makes a ban from the web felt on IRC, and one from IRC felt on the web', async () => {
    const [op, alice, bob] = [await h.member(), await h.member(), await h.member()];
    await h.channel('bans');
    await h.setLevel('bans', op.id, 5);
    const opWeb = await h.joined(op, '#bans');
    const client = await irc(h.t.app, { nick: alice.username });
    client.client.join('#bans');
    await client.line(/ 366 .*#bans/);
    expect((await h.post(op, '/api/ban', { channel: 'bans', nickname: alice.username })).statusCode).toBe(200);
    expect(await client.line(/ MODE #bans \+b /)).toContain(`${alice.username}!*@*`);
    expect(await client.line(/ KICK #bans /)).toContain(alice.username);
    client.client.join('#bans');
    expect(await client.line(/ 474 /)).toContain('#bans');

    expect((await h.post(op, '/api/unban', { channel: 'bans', nickname: alice.username })).statusCode).toBe(200);
    await h.setLevel('bans', alice.id, 10);
    const from = client.mark();
    client.client.join('#bans');
    await client.line(/ 366 .*#bans/, from);
    await h.joined(bob, '#bans');
    const banned = record(opWeb, 'user-banned');
    const kicked = record(opWeb, 'user-kicked');
    client.client.raw('MODE', '#bans', '+b', `${bob.username}!*@*`);
    await waitFor('the web hears the ban', () => banned.some(([ban]) => ban.userId === bob.id));
    client.client.raw('KICK', '#bans', bob.username, 'fora');
    await waitFor('the web hears the kick', () =>
      kicked.some(([kick]) => kick.userId === bob.id && kick.reason === 'fora'),
    );
  });

  it("holds an IRC member to the web's flood control", async () => {
    const alice = await h.member();
    const client = await irc(h.t.app, { nick: alice.username });
    client.client.join('#barra');
    await client.line(/ 366 /);
    for (let i = 0; i < 7; i += 1) client.client.say('#barra', `linha ${i}`);
    expect(await client.line(/ 404 /)).toContain('flood_limit');
  });

  it('refuses an unverified account and a locked one with their numerics', async () => {
    const unverified = await buildUser(h.t.app, { username: `novo${Date.now() % 100000}`, verified: false });
    const first = await connectIrc(h.t.app, { nick: unverified.username });
    open.push(first);
    expect(await first.line(/ 904 /)).toContain('account_not_verified');
    expect(await first.line(/^ERROR /)).toContain('account_not_verified');

    const locked = await h.member();
    await h.t.app.db
      .insertInto('account_lockouts')
      .values({ user_id: locked.id, locked_until: new Date(Date.now() + 600_000).toISOString() })
      .execute();
    const second = await connectIrc(h.t.app, { nick: locked.username, password: `${locked.username}:${goodPassword}` });
    open.push(second);
    expect(await second.line(/ 465 /)).toContain('account_locked');
    expect(await second.line(/^ERROR /)).toContain('account_locked');
  });
});
