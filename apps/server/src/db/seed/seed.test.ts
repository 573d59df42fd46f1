import { channelCategories } from '@papo/contract/channels';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../../test/db.js';
import { seedDatabase } from './seed.js';

describeEachDialect('seed', (dialect) => {
  // a fresh database per test, so each one states what it starts from and any of them runs alone.
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(() => database.destroy());

  const seed = () => seedDatabase(database.handle.db, { dialect, publicUrl: 'https://papo.example' });

  it('writes the company once and the 34 channels in their 4 categories', async () => {
    expect(await seed()).toBe(true);
    const company = await database.handle.db.selectFrom('company').selectAll().execute();
    expect(company).toHaveLength(1);
    expect(company[0]).toMatchObject({ name: 'Papo', url: 'https://papo.example', email: 'contato@papo.example' });

    const channels = await database.handle.db.selectFrom('channels').select(['name', 'category']).execute();
    expect(channels).toHaveLength(34);
    expect(new Set(channels.map((c) => c.category))).toEqual(
      new Set(['regional', 'relations', 'music', 'entertainment']),
    );
    expect(
      channels
        .filter((c) => c.category === 'music')
        .map((c) => c.name)
        .sort(),
    ).toEqual([...channelCategories.music].sort());
  });

  it('adds nothing on a second run', async () => {
    expect(await seed()).toBe(true);
    expect(await seed()).toBe(false);
    const counts = await Promise.all([
      database.handle.db
        .selectFrom('company')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      database.handle.db
        .selectFrom('channels')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    expect(counts.map((c) => Number(c.n))).toEqual([1, 34]);
  });

  it('leaves a database that already has data alone, even with channels missing', async () => {
    expect(await seed()).toBe(true);
    await database.handle.db.deleteFrom('channels').where('name', '=', 'barra').execute();
    expect(await seed()).toBe(false);
    const barra = await database.handle.db
      .selectFrom('channels')
      .select('id')
      .where('name', '=', 'barra')
      .executeTakeFirst();
    expect(barra).toBeUndefined();
  });
});
