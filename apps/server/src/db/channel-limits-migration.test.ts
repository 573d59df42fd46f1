import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../test/db.js';
import { createMigrator } from './migrate.js';

describeEachDialect('migration 2026_11_24_100_channel_limits', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect, { migrate: false });
  });
  afterAll(() => database.destroy());

  it('gives the bans already set the rank of their setter: staff, the stored level, else operator', async () => {
    const { db } = database.handle;
    const migrator = createMigrator(db);
    expect((await migrator.migrateTo('2026_11_21_500_conversations')).error).toBeUndefined();
    const user = (name: string, roles: string[]) => ({
      name,
      username: name,
      username_lower: name,
      email: `${name}@x.io`,
      email_lower: `${name}@x.io`,
      password_hash: null,
      roles: JSON.stringify(roles),
    });
    const ids = await db
      .insertInto('users')
      .values([
        user('staff', ['ROLE_USER', 'ROLE_MODERATOR']),
        user('master', ['ROLE_USER']),
        user('gone', ['ROLE_USER']),
        user('target', ['ROLE_USER']),
      ])
      .returning('id')
      .execute();
    const [staff, master, gone, target] = ids.map((row) => row.id) as [number, number, number, number];
    const channels = await db
      .insertInto('channels')
      .values([{ name: 'a' }, { name: 'b' }, { name: 'c' }])
      .returning('id')
      .execute();
    const [a, b, c] = channels.map((row) => row.id) as [number, number, number];
    await db.insertInto('channel_levels').values({ channel_id: b, user_id: master, level: 10 }).execute();
    const ban = (channel: number, by: number) => ({
      channel_id: channel,
      user_id: target,
      by_user_id: by,
      reason: null,
      expires_at: null,
    });
    // `as never`: the schema types describe the latest layout, which has by_level.
    await db
      .insertInto('channel_bans')
      .values([ban(a, staff), ban(b, master), ban(c, gone)] as never)
      .execute();

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const rows = await db.selectFrom('channel_bans').select(['channel_id', 'by_level']).orderBy('channel_id').execute();
    expect(rows).toEqual([
      { channel_id: a, by_level: 1000 },
      { channel_id: b, by_level: 10 },
      { channel_id: c, by_level: 5 },
    ]);
  });
});
