import type { Nickname } from '@papo/contract/profile';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema.js';
import { toNickname } from '../../db/member-name.js';
import { isPostgres } from '../../db/migrations/helpers.js';

/** The user's nicknames, oldest first (the username comes first). */
export async function listNicknames(db: Db, userId: number): Promise<Nickname[]> {
  const rows = await db
    .selectFrom('nicknames')
    .select(['id', 'nickname', 'is_selected'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map(toNickname);
}

/** One of the user's own nicknames by id; someone else's is as unknown as a missing one. */
export async function findOwnNickname(db: Db, userId: number, id: number): Promise<Nickname | undefined> {
  const row = await db
    .selectFrom('nicknames')
    .select(['id', 'nickname', 'is_selected'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && toNickname(row);
}

/** One of the user's own nicknames by name, case-insensitive. */
export async function findOwnNicknameByName(db: Db, userId: number, nickname: string): Promise<Nickname | undefined> {
  const row = await db
    .selectFrom('nicknames')
    .select(['id', 'nickname', 'is_selected'])
    .where('nickname_lower', '=', nickname.toLowerCase())
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && toNickname(row);
}

/** The nickname the user chats under; undefined only for an unknown user. */
export async function findSelectedNickname(db: Db, userId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('nicknames')
    .select('nickname')
    .where('user_id', '=', userId)
    .where('is_selected', '=', 1)
    .executeTakeFirst();
  return row?.nickname;
}

/** True once the user owns a nickname other than the username (the chat's intermediate level). */
export async function hasNickname(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('nicknames')
    .innerJoin('users', 'users.id', 'nicknames.user_id')
    .select('nicknames.id')
    .where('nicknames.user_id', '=', userId)
    .whereRef('nicknames.nickname_lower', '!=', 'users.username_lower')
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Locks the user's row until the transaction ends, so concurrent changes to one user's nicknames
 * (the limit of five, the one selected) run one after the other. SQLite already serialises
 * writing transactions; PostgreSQL needs the row lock.
 */
export async function lockUser(trx: Transaction<Database>, userId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .$if(isPostgres(trx), (qb) => qb.forUpdate())
    .executeTakeFirst();
  return Boolean(row);
}

export async function countNicknames(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('nicknames')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Inserts an unselected nickname; a name anyone already holds (any case) throws a unique violation. */
export async function insertNickname(db: Db, userId: number, nickname: string): Promise<Nickname> {
  const row = await db
    .insertInto('nicknames')
    .values({ user_id: userId, nickname, nickname_lower: nickname.toLowerCase(), is_selected: 0 })
    .returning(['id', 'nickname', 'is_selected'])
    .executeTakeFirstOrThrow();
  return toNickname(row);
}

export async function deleteNickname(db: Db, userId: number, id: number): Promise<void> {
  await db.deleteFrom('nicknames').where('id', '=', id).where('user_id', '=', userId).execute();
}

/** Makes `id` the user's only selected nickname (unselect first: the database allows one selected row). */
export async function markSelected(db: Db, userId: number, id: number): Promise<void> {
  await db
    .updateTable('nicknames')
    .set({ is_selected: 0 })
    .where('user_id', '=', userId)
    .where('is_selected', '=', 1)
    .execute();
  await db
    .updateTable('nicknames')
    .set({ is_selected: 1 })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .execute();
}

/** The user's username, lower-cased; its nickname cannot be removed. */
export async function findUsernameLower(db: Db, userId: number): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('username_lower').where('id', '=', userId).executeTakeFirst();
  return row?.username_lower;
}
