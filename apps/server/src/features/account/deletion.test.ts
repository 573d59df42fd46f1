import { sql, type Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { memberName } from '../../db/member-name.js';
import type { Database } from '../../db/schema.js';
import { describeEachDialect } from '../../test/db.js';
import { useTestApp } from '../../test/app.js';
import { latestMailTo } from '../../test/mail.js';
import { buildAccount, buildUser, goodPassword } from '../../test/users.js';
import { bearer, randomAddress, signIn } from './test-support.js';

/** Every row of every table, by table name, read from the database's own catalogue. */
async function allRows(db: Kysely<Database>, dialect: string): Promise<Record<string, Record<string, unknown>[]>> {
  const tables =
    dialect === 'postgres'
      ? (
          await sql<{
            name: string;
          }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(
            db,
          )
        ).rows
      : (
          await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)
        ).rows;
  const out: Record<string, Record<string, unknown>[]> = {};
  for (const { name } of tables)
    out[name] = (await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db)).rows;
  return out;
}

/** Columns that hold a member's id (`channel_id` and the like hold other tables' ids, which may equal it by chance). */
const memberColumns = new Set([
  'user_id',
  'user_a',
  'user_b',
  'user_to',
  'sender_id',
  'founder_id',
  'author_id',
  'owner_id',
  'blocker_id',
  'blocked_id',
  'by_user_id',
]);
const isMemberColumn = (column: string) => memberColumns.has(column) || column.endsWith('_by');

describeEachDialect('account deletion', (dialect) => {
  const t = useTestApp({ dialect });

  it('takes the password, ends every sign-in, keeps the username reserved and leaves only the "conta removida" marks', async () => {
    const username = `apaga${dialect}`;
    const email = `apaga-${dialect}@example.com`;
    const member = await buildAccount(t.app, { username, email, roles: ['ROLE_USER', 'ROLE_WRITER'] });
    const second = await buildAccount(t.app, { username: `fica${dialect}` });
    const session = await signIn(t.app, username);
    const db = t.app.db;
    const [a, b] = member.id < second.id ? [member.id, second.id] : [second.id, member.id];
    const { id: conversationId } = await db
      .insertInto('conversations')
      .values({ user_a: a, user_b: b })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('conversation_messages')
      .values([
        { conversation_id: conversationId, sender_id: member.id, content: 'mensagem de quem sai' },
        { conversation_id: conversationId, sender_id: second.id, content: 'mensagem de quem fica' },
      ])
      .execute();
    const { id: kept } = await db
      .insertInto('channels')
      .values({ name: `#herda${dialect}`, founder_id: member.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: closed } = await db
      .insertInto('channels')
      .values({ name: `#fecha${dialect}`, founder_id: member.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: voicedOnly } = await db
      .insertInto('channels')
      .values({ name: `#voz${dialect}`, founder_id: member.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const operator = await buildUser(t.app, { username: `opera${dialect}` });
    // The heir is the highest-ranked operator or above (the master over the operator); a channel with only a voiced
    // member left closes, as one with nobody does.
    await db
      .insertInto('channel_levels')
      .values([
        { channel_id: kept, user_id: member.id, level: 100 },
        { channel_id: kept, user_id: operator.id, level: 5 },
        { channel_id: kept, user_id: second.id, level: 10 },
        { channel_id: closed, user_id: member.id, level: 100 },
        { channel_id: voicedOnly, user_id: member.id, level: 100 },
        { channel_id: voicedOnly, user_id: second.id, level: 3 },
      ])
      .execute();
    const { id: articleId } = await db
      .insertInto('articles')
      .values({
        slug: `texto-${dialect}`,
        title: 'Texto da equipe',
        content: 'o texto fica',
        author_id: member.id,
        is_published: 1,
        published_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const authorPage = () => t.app.inject({ method: 'GET', url: `/api/authors/${username}` });
    expect((await authorPage()).statusCode).toBe(200);
    await db.insertInto('notifications').values({ user_to: member.id, type: 'system', message: 'aviso' }).execute();
    await db
      .insertInto('contact_messages')
      .values({ name: 'Quem sai', email, message: 'contato', source: 'contact', ip_hash: 'x' })
      .execute();

    const remove = (password: string) =>
      t.app.inject({
        method: 'DELETE',
        url: '/api/account',
        headers: bearer(session.token),
        payload: { password },
        remoteAddress: randomAddress(),
      });
    const wrong = await remove('nao-e-esta');
    expect({ status: wrong.statusCode, body: wrong.json() }).toEqual({
      status: 403,
      body: { message: 'wrong_password', errors: { password: ['wrong_password'] } },
    });
    // The wrong guess was counted as a failed sign-in of the account.
    expect(
      await db.selectFrom('login_failures').select('user_id').where('user_id', '=', member.id).execute(),
    ).toHaveLength(1);

    const done = await remove(goodPassword);
    expect(done.statusCode, done.body).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(session.token) })).statusCode).toBe(
      401,
    );
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/refresh',
          payload: { refresh_token: session.refresh_token },
        })
      ).statusCode,
    ).toBe(401);
    expect((await latestMailTo(t.dataDir, email)).subject).toBe('A sua conta do Papo foi excluída');
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: {
        name: 'Outra pessoa',
        email: `novo-${dialect}@example.com`,
        username: username.toUpperCase(),
        password: goodPassword,
        acceptedTerms: true,
      },
      remoteAddress: randomAddress(),
    });
    expect(signup.json()).toEqual({ message: 'validation_failed', errors: { username: ['username_taken'] } });

    expect(
      await db
        .selectFrom('channels')
        .select(['id', 'founder_id'])
        .where('id', 'in', [kept, closed, voicedOnly])
        .execute(),
    ).toEqual([{ id: kept, founder_id: second.id }]);
    expect(
      await db
        .selectFrom('channel_levels')
        .select(['user_id', 'level'])
        .where('channel_id', '=', kept)
        .orderBy('user_id')
        .execute(),
    ).toEqual(
      [
        { user_id: operator.id, level: 5 },
        { user_id: second.id, level: 100 },
      ].sort((x, y) => x.user_id - y.user_id),
    );
    expect(
      await db.selectFrom('articles').select(['content', 'author_id']).where('id', '=', articleId).executeTakeFirst(),
    ).toEqual({ content: 'o texto fica', author_id: null });
    // The member's public page is gone with the account: its address answers as no author's.
    expect((await authorPage()).json()).toEqual({ message: 'author_not_found' });

    // Every row that still names the member: only the reserved username, the conversation shown as "conta removida"
    // and the revocation that refuses the member's access tokens until they expire.
    const naming: string[] = [];
    for (const [table, rows] of Object.entries(await allRows(db, dialect))) {
      for (const row of rows) {
        const names = Object.entries(row).some(
          ([column, value]) =>
            (isMemberColumn(column) && Number(value) === member.id) ||
            (typeof value === 'string' &&
              (value.toLowerCase().includes(username) || value.toLowerCase().includes(email))),
        );
        const isTheUserRow = table === 'users' && Number(row.id) === member.id;
        if (names || isTheUserRow) naming.push(table);
      }
    }
    expect(naming.sort()).toEqual(['conversation_messages', 'conversations', 'token_revocations', 'users']);
    const tombstone = await db.selectFrom('users').selectAll().where('id', '=', member.id).executeTakeFirstOrThrow();
    expect(tombstone).toMatchObject({ username, email: '', password_hash: null, roles: '[]' });
    expect(tombstone.deleted_at).not.toBeNull();
    // The other side's conversation names the sender "conta removida".
    const senders = await db
      .selectFrom('conversation_messages as m')
      .innerJoin('users', 'users.id', 'm.sender_id')
      .select((eb) => ['m.content', memberName(eb).as('name')])
      .where('m.conversation_id', '=', conversationId)
      .orderBy('m.id')
      .execute();
    expect(senders).toEqual([
      { content: 'mensagem de quem sai', name: 'conta removida' },
      { content: 'mensagem de quem fica', name: second.username },
    ]);
  });
});
