import { maxOpenChannels } from '@papo/contract/open-channels';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database>;

/** The member's open channels (names without '#'), in the order they were opened. */
export async function listOpenChannels(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('open_channels')
    .select('name')
    .where('user_id', '=', userId)
    .orderBy('position')
    .orderBy('name')
    .execute();
  return rows.map((row) => row.name);
}

/**
 * Keeps the channel open after the others (opening one already open keeps its place). Past the cap the channel opened
 * longest ago is forgotten: the list only restores tabs, so a member with that many loses the oldest, never a new one.
 */
export async function openChannel(db: Db, userId: number, name: string): Promise<string[]> {
  await db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom('open_channels')
      .select((eb) => eb.fn.max('position').as('position'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    await trx
      .insertInto('open_channels')
      .values({ user_id: userId, name, position: Number(last?.position ?? 0) + 1 })
      .onConflict((oc) => oc.columns(['user_id', 'name']).doNothing())
      .execute();
    const kept = await trx
      .selectFrom('open_channels')
      .select('name')
      .where('user_id', '=', userId)
      .orderBy('position', 'desc')
      .limit(maxOpenChannels)
      .execute();
    await trx
      .deleteFrom('open_channels')
      .where('user_id', '=', userId)
      .where(
        'name',
        'not in',
        kept.map((row) => row.name),
      )
      .execute();
  });
  return listOpenChannels(db, userId);
}

/** Closes the channel's tab; closing one that is not open changes nothing. */
export async function closeChannel(db: Db, userId: number, name: string): Promise<string[]> {
  await db.deleteFrom('open_channels').where('user_id', '=', userId).where('name', '=', name).execute();
  return listOpenChannels(db, userId);
}
