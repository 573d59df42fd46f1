import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn, watchSignOut } from '../features/account/test-support.js';
import { openConversation, seedMessages } from '../features/conversations/test-support.js';
import { connectClient, type TestClient } from '../realtime/test-support.js';
import { hasRedis } from '../test/cluster.js';
import { heardWrite, startTwoNodes, type TwoNodes } from '../test/nodes.js';
import { freePort } from '../test/server-process.js';
import { buildUser } from '../test/users.js';
import { runAdminCommand } from './admin-commands.js';

const profile = async (node: FastifyInstance, token: string) =>
  (await node.inject({ method: 'GET', url: '/api/userprofile', headers: bearer(token) })).json();
const conversations = async (node: FastifyInstance, token: string) =>
  (await node.inject({ method: 'GET', url: '/api/conversations', headers: bearer(token) })).json();

describe.skipIf(!hasRedis)('npm run admin reaches the running nodes', () => {
  // each node and the command have their own connection to the SQLite file, as three processes would: what
  // the command changes reaches the nodes' memory only through Redis.
  let cluster: TwoNodes;
  let urls: string[];
  let env: Record<string, string>;
  const sockets: TestClient[] = [];
  const admin = (args: string[], vars = env) =>
    runAdminCommand(args, { env: vars, password: async () => 'a long passphrase', progress: () => {} });
  beforeAll(async () => {
    const prefix = `admin-${process.pid}-${randomBytes(3).toString('hex')}`;
    cluster = await startTwoNodes(process.env.TEST_REDIS_URL!, { REDIS_PREFIX: prefix }, { ownConnections: true });
    urls = await Promise.all(cluster.nodes.map((node) => node.listen({ host: '127.0.0.1', port: 0 })));
    await Promise.all(cluster.nodes.map((node) => node.revocations.ready));
    env = {
      DATA_DIR: path.dirname(cluster.database.sqliteFile!),
      REDIS_URL: process.env.TEST_REDIS_URL!,
      REDIS_PREFIX: prefix,
    };
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await cluster?.close();
  });

  it('set-role closes the member’s sockets on every node and the nodes forget the profile they kept', async () => {
    const [a, b] = cluster.nodes;
    const member = await buildUser(a, { username: 'papel_nos' });
    const session = await signIn(a, member.username);
    expect((await profile(b, session.token)).roles).toEqual(['ROLE_USER']);
    const socket = await connectClient(urls[1]!, { token: session.token });
    sockets.push(socket);
    const watch = watchSignOut(socket);
    const forgotten = heardWrite(b, `users:${member.id}`);

    expect(await admin(['set-role', '--username', member.username, '--role', 'ROLE_MODERATOR'])).toBe(
      `${member.username} now has roles ROLE_USER, ROLE_MODERATOR`,
    );
    await watch.closed;
    expect(watch.reasons).toEqual(['role_changed']);
    await forgotten;
    expect((await b.inject({ method: 'GET', url: '/api/me', headers: bearer(session.token) })).statusCode).toBe(401);
    const again = await signIn(a, member.username);
    expect((await profile(b, again.token)).roles).toEqual(['ROLE_USER', 'ROLE_MODERATOR']);
  });

  it('delete-user deletes as the member would, closes their sockets and renames them in their partners’ kept lists', async () => {
    const [a, b] = cluster.nodes;
    const member = await buildUser(a, { username: 'sai_nos' });
    const partner = await buildUser(a, { username: 'fica_nos' });
    const conversation = await openConversation(a, member, partner);
    await seedMessages(a, conversation, member.id, ['até logo']);
    const { id: channel } = await a.db
      .insertInto('channels')
      .values({ name: '#herda_nos', founder_id: member.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    await a.db
      .insertInto('channel_levels')
      .values([
        { channel_id: channel, user_id: member.id, level: 100 },
        { channel_id: channel, user_id: partner.id, level: 10 },
      ])
      .execute();
    const partnerSession = await signIn(a, partner.username);
    expect(await conversations(b, partnerSession.token)).toMatchObject([{ id: conversation, name: member.username }]);
    const session = await signIn(a, member.username);
    const socket = await connectClient(urls[0]!, { token: session.token });
    sockets.push(socket);
    const watch = watchSignOut(socket);
    const forgotten = heardWrite(b, `users:${member.id}`);

    expect(await admin(['delete-user', '--username', member.username, '--yes'])).toBe(
      `deleted user ${member.username} (id ${member.id})`,
    );
    await watch.closed;
    expect(watch.reasons).toEqual(['account_deleted']);
    await forgotten;
    expect(await conversations(b, partnerSession.token)).toMatchObject([{ id: conversation, name: 'conta removida' }]);
    expect(await a.db.selectFrom('channels').select('founder_id').where('id', '=', channel).executeTakeFirst()).toEqual(
      { founder_id: partner.id },
    );
    expect(
      await a.db
        .selectFrom('users')
        .select(['username', 'email', 'password_hash'])
        .where('id', '=', member.id)
        .executeTakeFirst(),
    ).toEqual({ username: member.username, email: '', password_hash: null });
  });

  it('says so when the nodes cannot be told, and still makes the change', async () => {
    const member = await buildUser(cluster.nodes[0], { username: 'sem_redis' });
    const answer = await admin(['set-role', '--username', member.username, '--role', 'ROLE_ADMIN'], {
      ...env,
      REDIS_URL: `redis://127.0.0.1:${await freePort()}`,
    });
    expect(answer.split('\n')).toEqual([
      `${member.username} now has roles ROLE_USER, ROLE_ADMIN`,
      expect.stringMatching(
        /^the running nodes could not be told \(Redis: .+\): they refuse the member's tokens within a minute; restart them to close the member's open connections$/,
      ),
    ]);
    expect(
      await cluster.nodes[0].db.selectFrom('users').select('roles').where('id', '=', member.id).executeTakeFirst(),
    ).toEqual({ roles: '["ROLE_USER","ROLE_ADMIN"]' });
  }, 30_000);
});
