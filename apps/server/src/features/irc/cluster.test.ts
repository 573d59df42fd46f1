import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient, record, waitFor, type TestClient } from '../../realtime/test-support.js';
import { hasRedis } from '../../test/cluster.js';
import { hasPostgres } from '../../test/db.js';
import { startTwoNodes, type TwoNodes } from '../../test/nodes.js';
import { buildUser, type TestUser } from '../../test/users.js';
import { connectIrc, registeredIrc, type IrcTestClient } from './test-support.js';

/** Two whole nodes on PostgreSQL and Redis: an IRC member on one node, web members on the other. */
describe.skipIf(!hasRedis || !hasPostgres)('IRC gateway on two nodes (PostgreSQL + Redis)', () => {
  let cluster: TwoNodes;
  let urls: [string, string];
  const sockets: TestClient[] = [];
  const ircs: IrcTestClient[] = [];
  let count = 0;
  const member = (node: FastifyInstance = cluster.nodes[0]) =>
    buildUser(node, { username: `ircl${++count}${randomBytes(2).toString('hex')}` });
  const web = async (nodeIndex: 0 | 1, user: TestUser, room?: string) => {
    const socket = await connectClient(urls[nodeIndex], { token: user.token });
    sockets.push(socket);
    if (room) expect(await socket.timeout(5_000).emitWithAck('join', room)).toEqual({ ok: true });
    return socket;
  };
  const irc = async (node: FastifyInstance, user: TestUser) => {
    const client = await registeredIrc(node, { nick: user.username });
    ircs.push(client);
    return client;
  };

  beforeAll(async () => {
    cluster = await startTwoNodes(
      process.env.TEST_REDIS_URL!,
      { IRC_PORT: '0', REDIS_PREFIX: `irc-${process.pid}-${randomBytes(3).toString('hex')}` },
      { dialect: 'postgres' },
    );
    urls = [
      await cluster.nodes[0].listen({ host: '127.0.0.1', port: 0 }),
      await cluster.nodes[1].listen({ host: '127.0.0.1', port: 0 }),
    ];
    await waitFor('both nodes subscribed', async () => (await cluster.nodes[0].io.of('/').adapter.serverCount()) === 2);
    await cluster.database.handle.db
      .insertInto('channels')
      .values({ name: 'barra' })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  });
  afterAll(async () => {
    for (const client of ircs) client.quit();
    for (const socket of sockets) socket.disconnect();
    await cluster?.close();
  });

  it("carries messages both ways between an IRC member on node A and a web member on node B, and lists each in the other's channel", async () => {
    const [alice, bob] = [await member(), await member()];
    const bobOnB = await web(1, bob, '#barra');
    const heard = record(bobOnB, 'new-message');
    const joined = record(bobOnB, 'user-joined');
    const client = await irc(cluster.nodes[0], alice);
    client.client.join('#barra');
    expect(await client.line(/ 353 .*#barra/)).toContain(bob.username);
    await waitFor('node B hears the IRC member join', () => joined.some(([payload]) => payload.user.id === alice.id));

    client.client.say('#barra', 'do nó A por IRC');
    await waitFor('the web member on B reads it', () => heard.some(([message]) => message.text === 'do nó A por IRC'));
    const from = client.mark();
    const sent = await cluster.nodes[1].inject({
      method: 'POST',
      url: '/api/send-message',
      headers: bob.headers,
      payload: { channel: 'barra', text: 'do nó B pela web' },
    });
    expect(sent.statusCode).toBe(200);
    expect(await client.line(/PRIVMSG #barra/, from)).toContain('do nó B pela web');

    const left = record(bobOnB, 'user-left');
    client.client.part('#barra');
    await waitFor('node B hears the IRC member leave', () => left.some(([userId]) => userId === alice.id));
  });

  it('delivers a private message from IRC on node A to the web member on node B, and stores it', async () => {
    const [alice, bob] = [await member(), await member()];
    await web(1, bob);
    const client = await irc(cluster.nodes[0], alice);
    client.client.say(bob.username, 'entre nós');
    let page: { messages?: { content: string }[] } = {};
    await waitFor('the message is stored and listed on node B', async () => {
      const list = (
        await cluster.nodes[1].inject({ method: 'GET', url: '/api/conversations', headers: bob.headers })
      ).json();
      const id = (Array.isArray(list) ? list : list.conversations)?.[0]?.id;
      if (!id) return false;
      page = (
        await cluster.nodes[1].inject({
          method: 'POST',
          url: `/api/conversations/${id}`,
          headers: bob.headers,
          payload: {},
        })
      ).json();
      return page.messages?.some((message) => message.content === 'entre nós') ?? false;
    });
  });

  it("refuses an IRC member banned on node B's web, through the shared database", async () => {
    const [op, alice] = [await member(), await member()];
    await cluster.database.handle.db.insertInto('channels').values({ name: 'cluster-bans' }).execute();
    const channel = await cluster.database.handle.db
      .selectFrom('channels')
      .select('id')
      .where('name', '=', 'cluster-bans')
      .executeTakeFirstOrThrow();
    await cluster.database.handle.db
      .insertInto('channel_levels')
      .values({ channel_id: channel.id, user_id: op.id, level: 5 })
      .execute();
    await web(1, op, '#cluster-bans');
    const client = await irc(cluster.nodes[0], alice);
    client.client.join('#cluster-bans');
    await client.line(/ 366 .*#cluster-bans/);
    const banned = await cluster.nodes[1].inject({
      method: 'POST',
      url: '/api/ban',
      headers: op.headers,
      payload: { channel: 'cluster-bans', nickname: alice.username },
    });
    expect(banned.statusCode).toBe(200);
    expect(await client.line(/ KICK #cluster-bans /)).toContain(alice.username);
    client.client.join('#cluster-bans');
    expect(await client.line(/ 474 /)).toContain('#cluster-bans');
  });

  it("tells a stopping node's IRC links to reconnect, then closes them with that reason", async () => {
    const alice = await member();
    const client = await connectIrc(cluster.nodes[1], { nick: alice.username });
    ircs.push(client);
    await client.line(/ 001 /);
    client.client.join('#barra');
    await client.line(/ 366 .*#barra/);
    const from = client.mark();
    await cluster.nodes[1].close();
    const error = await client.line(/^ERROR /, from);
    expect(error).toMatch(/^ERROR :Closing link: \S+ \(server restarting, reconnect\)$/);
    const notice = client.lines.findIndex(
      (line, at) => at >= from && / NOTICE \S+ :The server is restarting: reconnect/.test(line),
    );
    expect(notice).toBeGreaterThanOrEqual(from);
    expect(notice).toBeLessThan(client.lines.indexOf(error));
    await waitFor('the link is closed', () => client.closed());
  });
});
