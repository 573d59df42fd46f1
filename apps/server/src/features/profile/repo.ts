import type { ProfileConversation } from '@papo/contract/profile';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { memberName } from '../../db/member-name.js';

type Db = Kysely<Database>;

export interface ProfileRow {
  id: number;
  name: string;
  username: string;
  email: string;
  roles: string;
  language: string;
  created_at: string;
  gender: string | null;
  birthday: string | null;
  instagram: string | null;
  youtube: string | null;
  welcome_message: string;
  profile_image: string | null;
  coin_balance: number;
}

export async function findProfileRow(db: Db, userId: number): Promise<ProfileRow | undefined> {
  return db
    .selectFrom('users')
    .select([
      'id', 'name', 'username', 'email', 'roles', 'language', 'created_at', 'gender', 'birthday',
      'instagram', 'youtube', 'welcome_message', 'profile_image', 'coin_balance',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/**
 * The user's private conversations, most recent activity first, each named after the other member's
 * selected nickname (the username when none is selected).
 */
export async function listProfileConversations(db: Db, userId: number): Promise<ProfileConversation[]> {
  const rows = await db
    .selectFrom('conversations as c')
    .innerJoin('users', (join) =>
      join.on((eb) => eb('users.id', '=', eb.case().when('c.user_a', '=', userId).then(eb.ref('c.user_b')).else(eb.ref('c.user_a')).end())),
    )
    .select((eb) => ['c.id', 'users.id as other_id', memberName(eb).as('name')])
    .where((eb) => eb.or([eb('c.user_a', '=', userId), eb('c.user_b', '=', userId)]))
    .orderBy(sql`coalesce(c.last_message_at, c.created_at)`, 'desc')
    .orderBy('c.id', 'desc')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, user: { id: row.other_id, name: row.name } }));
}

/** Columns that take one plain update. */
export type EditableColumn = 'gender' | 'language' | 'welcome_message';
/** Columns a user sets once; the spec shows them read-only afterwards. */
export type SetOnceColumn = 'birthday' | 'instagram' | 'youtube';

/** Sets a column; false when the user does not exist. */
export async function updateColumn(db: Db, userId: number, column: EditableColumn, value: string): Promise<boolean> {
  const result = await db.updateTable('users').set({ [column]: value }).where('id', '=', userId).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Sets a column only while it is empty, in one statement so two racing requests cannot both win. */
export async function setOnce(db: Db, userId: number, column: SetOnceColumn, value: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ [column]: value })
    .where('id', '=', userId)
    .where(column, 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function userExists(db: Db, userId: number): Promise<boolean> {
  return Boolean(await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst());
}

export async function findProfileImage(db: Db, userId: number): Promise<{ profile_image: string | null } | undefined> {
  return db.selectFrom('users').select('profile_image').where('id', '=', userId).executeTakeFirst();
}

/** Replaces the picture only if it is still `previous`; false means another upload got there first. */
export async function swapProfileImage(db: Db, userId: number, previous: string | null, next: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ profile_image: next })
    .where('id', '=', userId)
    .where('profile_image', previous === null ? 'is' : '=', previous)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
