import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../test/db.js';
import { reusableQuery, reusableQueryOf } from './reusable-query.js';

describeEachDialect('a reusable query', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await database.handle.db
      .insertInto('channels')
      .values([{ name: 'um' }, { name: 'dois' }])
      .execute();
  });
  afterAll(() => database.destroy());

  it('is compiled once and answers for the id of each call, the other parameters kept', async () => {
    const byIdNotNamed = reusableQuery((db, id) =>
      db.selectFrom('channels').select(['id', 'name']).where('id', '=', id).where('name', '!=', 'x'),
    );
    const { db } = database.handle;
    const [first, second] = await db.selectFrom('channels').select(['id', 'name']).orderBy('id').execute();
    expect(await byIdNotNamed(db, first!.id)).toEqual([first]);
    expect(await byIdNotNamed(db, second!.id)).toEqual([second]);
    expect(await byIdNotNamed(db, 999_999)).toEqual([]);
  });

  it('takes several arguments, numbers and text, each used wherever the query uses it', async () => {
    const { db } = database.handle;
    const byNameOrId = reusableQueryOf(['string', 'number'], (kdb: typeof db, name: string, id: number) =>
      kdb
        .selectFrom('channels')
        .select('name')
        .where((eb) =>
          eb.or([eb('name', '=', name), eb('id', '=', id), eb('name', '=', eb.fn<string>('lower', [eb.val(name)]))]),
        )
        .orderBy('name'),
    );
    const [first] = await db.selectFrom('channels').select(['id', 'name']).orderBy('id').execute();
    expect(await byNameOrId(db, 'dois', first!.id)).toEqual([{ name: 'dois' }, { name: 'um' }]);
    expect(await byNameOrId(db, 'DOIS', 999_999)).toEqual([{ name: 'dois' }]);
    expect(await byNameOrId(db, 'nenhum', 999_999)).toEqual([]);
  });

  it('refuses a query that does not take its argument as a parameter', async () => {
    const ignoresId = reusableQuery((db) => db.selectFrom('channels').select('id'));
    await expect(ignoresId(database.handle.db, 1)).rejects.toThrow(/not a parameter/);
  });
});
