import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../test/db.js';
import { findOrCreateConversation, markConversationRead } from '../features/conversations/repo.js';
import { insertMessage } from '../features/conversations/messages-repo.js';
import { saveLevel } from '../features/chat/level-repo.js';
import { currentReads, onWrites, readingInto, touches, writingUntold, type Source } from './changes.js';

describeEachDialect('what the data layer tells of each commit', (dialect) => {
  let database: TestDatabase;
  let told: (readonly Source[])[] = [];
  let stop: () => void = () => undefined;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    stop = onWrites(database.handle.db, (sources) => told.push(sources));
  });
  afterAll(async () => {
    stop();
    await database?.destroy();
  });

  /** What the commits of `write` told, in order. */
  async function tellsOf(write: () => Promise<unknown>): Promise<(readonly Source[])[]> {
    told = [];
    await write().catch(() => undefined);
    return told;
  }

  const userId = async (username: string) => {
    const { db } = database.handle;
    const row = await db
      .insertInto('users')
      .values({
        username,
        username_lower: username,
        name: username,
        email: `${username}@example.com`,
        email_lower: `${username}@example.com`,
        verified: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };

  it("tells an insert, update or delete outside a transaction as its table, or as a member's rows where it names the member", async () => {
    const { db } = database.handle;
    let id = 0;
    expect(await tellsOf(async () => (id = await userId('ana_changes')))).toEqual([[`users:${id}`]]);
    expect(await tellsOf(() => db.updateTable('users').set({ youtube: 'ana' }).where('id', '=', id).execute())).toEqual(
      [[`users:${id}`]],
    );
    expect(
      await tellsOf(() =>
        db.insertInto('notifications').values({ user_to: id, type: 'mention', message: 'oi' }).execute(),
      ),
    ).toEqual([[`notifications:${id}`]]);
    expect(
      await tellsOf(() =>
        db.updateTable('notifications').set({ is_read: 1 }).where('id', '>', 0).where('user_to', 'in', [id]).execute(),
      ),
    ).toEqual([[`notifications:${id}`]]);
    // Rows not named by member: the whole table.
    expect(await tellsOf(() => db.deleteFrom('notifications').where('id', '>', 0).execute())).toEqual([
      ['notifications'],
    ]);
    expect(await tellsOf(() => db.updateTable('users').set({ language: 'pt' }).execute())).toEqual([['users']]);
    // A statement written by hand: its table when it is a plain write, everything when it cannot be read.
    expect(await tellsOf(() => sql`update users set language = 'en'`.execute(db))).toEqual([['users']]);
    expect(await tellsOf(() => sql`create table papo_changes_test (id integer)`.execute(db))).toEqual([['*']]);
    expect(await tellsOf(() => sql`with c as (select id from company) select id from c`.execute(db))).toEqual([]);
    // A write that changed no row tells nothing.
    expect(await tellsOf(() => db.deleteFrom('notifications').where('id', '=', -1).execute())).toEqual([]);
    // Reads tell nothing.
    expect(await tellsOf(() => db.selectFrom('users').selectAll().execute())).toEqual([]);
  });

  it("tells a private message, a read marker and a level as their conversation's or member's rows, a new conversation as its table", async () => {
    const { db } = database.handle;
    const [ana, bia, cai] = [await userId('ana_keyed'), await userId('bia_keyed'), await userId('cai_keyed')];
    // A new conversation names none of the conversations a member's list shows: the whole table reaches every list.
    let conversation = 0;
    expect(await tellsOf(async () => ({ id: conversation } = await findOrCreateConversation(db, ana, bia)))).toEqual([
      ['conversations'],
    ]);
    expect(await tellsOf(() => findOrCreateConversation(db, bia, ana))).toEqual([]);
    const [message] = await tellsOf(() =>
      insertMessage(db, { conversationId: conversation, senderId: ana, content: 'oi' }),
    );
    expect([...(message ?? [])].sort()).toEqual([
      `conversation_messages:${conversation}`,
      `conversations:${conversation}`,
    ]);
    expect(await tellsOf(() => markConversationRead(db, conversation, bia))).toEqual([
      [`conversation_reads:${conversation}`],
    ]);
    // Rows moved to members the statement does not name: the whole table.
    expect(
      await tellsOf(() =>
        db.updateTable('conversations').set({ user_b: cai }).where('id', '=', conversation).execute(),
      ),
    ).toEqual([['conversations']]);

    const channel = await db.insertInto('channels').values({ name: 'keyed' }).returning('id').executeTakeFirstOrThrow();
    // An upsert over the member's key changes that member's row, whichever of insert or update it does.
    expect(await tellsOf(() => saveLevel(db, channel.id, ana, 5))).toEqual([[`channel_levels:${ana}`]]);
    expect(await tellsOf(() => saveLevel(db, channel.id, ana, 10))).toEqual([[`channel_levels:${ana}`]]);
    expect(await tellsOf(() => saveLevel(db, channel.id, ana, 0))).toEqual([[`channel_levels:${ana}`]]);
    // An upsert over another key may change a row of any member.
    expect(
      await tellsOf(() =>
        db
          .insertInto('nicknames')
          .values({ user_id: ana, nickname: 'aninha_keyed', nickname_lower: 'aninha_keyed', is_selected: 0 })
          .onConflict((oc) => oc.column('id').doUpdateSet({ nickname: 'aninha_keyed' }))
          .execute(),
      ),
    ).toEqual([['nicknames']]);
  });

  it('a table narrowed to no row is reached by a write of the whole table only', () => {
    expect(touches('conversations', 'conversations:*')).toBe(true);
    expect(touches('conversations:17', 'conversations:*')).toBe(false);
    expect(touches('conversations:17', 'conversations:23')).toBe(false);
    expect(touches('conversations:17', 'conversations')).toBe(true);
  });

  it('tells a transaction once, at its commit, with every source it wrote; a rolled back one tells nothing', async () => {
    const { db } = database.handle;
    const id = await userId('bia_changes');
    const transaction = () =>
      db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ youtube: 'bia' }).where('id', '=', id).execute();
        await trx.insertInto('notifications').values({ user_to: id, type: 'mention', message: 'oi' }).execute();
        await trx.updateTable('articles').set({ title: 'x' }).where('id', '=', -1).execute();
        expect(told).toEqual([]);
      });
    const [commit] = await tellsOf(transaction);
    expect([...(commit ?? [])].sort()).toEqual([`notifications:${id}`, `users:${id}`]);
    expect(
      await tellsOf(() =>
        db.transaction().execute(async (trx) => {
          await trx.updateTable('users').set({ youtube: 'never' }).where('id', '=', id).execute();
          throw new Error('rolled back');
        }),
      ),
    ).toEqual([]);
    expect(await tellsOf(() => writingUntold(() => db.updateTable('users').set({ language: 'pt' }).execute()))).toEqual(
      [],
    );
  });

  it('adds the tables a read names to the collection of the load it runs in', async () => {
    const { db } = database.handle;
    const read = new Set<Source>();
    await readingInto(read, async () => {
      expect(currentReads()).toBe(read);
      await db
        .selectFrom('articles')
        .innerJoin('users', 'users.id', 'articles.author_id')
        .where('articles.id', 'in', db.selectFrom('article_categories').select('id'))
        .select('articles.id')
        .execute();
      await sql`select id from company`.execute(db);
    });
    expect([...read].sort()).toEqual(['article_categories', 'articles', 'company', 'users']);
    expect(currentReads()).toBeUndefined();
  });
});
