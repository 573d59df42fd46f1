import type { BlockedUser } from '@papo/contract/conversations';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { memberName } from '../../db/member-name.js';

type Db = Kysely<Database>;

/** The name members know each other by: the selected nickname, else the username. */
export async function findMemberName(db: Db, userId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select((eb) => memberName(eb).as('name'))
    .where('users.id', '=', userId)
    .executeTakeFirst();
  return row?.name;
}

/** Records the block; true when it is new, false when it already existed. */
export async function insertBlock(db: Db, blockerId: number, blockedId: number): Promise<boolean> {
  const result = await db
    .insertInto('blocks')
    .values({ blocker_id: blockerId, blocked_id: blockedId })
    .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Lifts the block; false when there was none. */
export async function deleteBlock(db: Db, blockerId: number, blockedId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('blocks')
    .where('blocker_id', '=', blockerId)
    .where('blocked_id', '=', blockedId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Everyone the user blocked, most recent first. */
export async function listBlocks(db: Db, blockerId: number): Promise<BlockedUser[]> {
  const rows = await db
    .selectFrom('blocks')
    .innerJoin('users', 'users.id', 'blocks.blocked_id')
    .select((eb) => ['users.id', memberName(eb).as('name'), 'blocks.created_at'])
    .where('blocks.blocker_id', '=', blockerId)
    .orderBy('blocks.created_at', 'desc')
    .orderBy('users.id', 'desc')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, blockedAt: row.created_at }));
}
