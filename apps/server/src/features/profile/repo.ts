import type { Gender, ProfileConversation } from '@papo/contract/profile';
import { sql, type Kysely } from 'kysely';
import * as postgresHelpers from 'kysely/helpers/postgres';
import * as sqliteHelpers from 'kysely/helpers/sqlite';
import { isPostgres } from '../../db/migrations/helpers.js';
import { reusableQuery } from '../../db/reusable-query.js';
import type { Database } from '../../db/schema.js';
import { memberName, type NicknameRow } from '../../db/member-name.js';
import { conversationsWithOther } from '../conversations/index.js';
import { favoriteNamesOf } from '../users/index.js';

type Db = Kysely<Database>;

interface ProfileRow {
  id: number;
  name: string;
  username: string;
  email: string;
  roles: string;
  language: string;
  created_at: string;
  gender: Gender | null;
  birthday: string | null;
  instagram: string | null;
  youtube: string | null;
  welcome_message: string;
  profile_image: string | null;
  coin_balance: number;
}

/** The profile's own row with its three lists, as one query returns them (see findProfile). */
export interface ProfileRecord extends ProfileRow {
  nicknames: NicknameRow[];
  favorites: { name: string }[];
  conversations: { id: number; other_id: number; name: string }[];
}

/**
 * The user's row, nicknames (oldest first), favourite channels (in the order added) and private
 * conversations (most recent activity first, each with the other member's selected nickname), in one
 * query: one round trip instead of four (decision 012).
 */
export async function findProfile(db: Db, userId: number): Promise<ProfileRecord | undefined> {
  const [row] = await profileQuery(db, userId);
  if (!row) return undefined;
  // SQLite answers the lists as JSON text, PostgreSQL as parsed json. Only these three columns are
  // parsed (Kysely's ParseJSONResultsPlugin would also parse a welcome message that happens to be JSON).
  return {
    ...row,
    nicknames: jsonList(row.nicknames),
    favorites: jsonList(row.favorites),
    conversations: jsonList(row.conversations),
  };
}

const profileQuery = reusableQuery((db, userId) => {
  const { jsonArrayFrom } = isPostgres(db) ? postgresHelpers : sqliteHelpers;
  return db
    .selectFrom('users')
    .select([
      'id',
      'name',
      'username',
      'email',
      'roles',
      'language',
      'created_at',
      'gender',
      'birthday',
      'instagram',
      'youtube',
      'welcome_message',
      'profile_image',
      'coin_balance',
    ])
    .select(() => [
      jsonArrayFrom(
        db
          .selectFrom('nicknames')
          .select(['id', 'nickname', 'is_selected'])
          .where('user_id', '=', userId)
          .orderBy('id'),
      ).as('nicknames'),
      jsonArrayFrom(favoriteNamesOf(db, userId)).as('favorites'),
      jsonArrayFrom(
        conversationsWithOther(db, userId)
          .select((eb) => ['c.id', 'users.id as other_id', memberName(eb).as('name')])
          .where((eb) => eb.or([eb('c.user_a', '=', userId), eb('c.user_b', '=', userId)]))
          .orderBy(sql`coalesce(c.last_message_at, c.created_at)`, 'desc')
          .orderBy('c.id', 'desc'),
      ).as('conversations'),
    ])
    .where('users.id', '=', userId);
});

function jsonList<T>(value: T[] | string): T[] {
  // a cast as trusted as PostgreSQL's parsed branch: the text is the JSON this query's own aggregate built.
  return typeof value === 'string' ? (JSON.parse(value) as T[]) : value;
}

/** Each conversation named after the other member's selected nickname (the username when none is selected). */
export function toProfileConversations(rows: ProfileRecord['conversations']): ProfileConversation[] {
  return rows.map((row) => ({ id: row.id, name: row.name, user: { id: row.other_id, name: row.name } }));
}

/** Columns that take one plain update. */
export type EditableColumn = 'gender' | 'language' | 'welcome_message';
/** Columns a user sets once; the spec shows them read-only afterwards. */
export type SetOnceColumn = 'birthday' | 'instagram' | 'youtube';

/** Sets a column; false when the user does not exist. */
export async function updateColumn(db: Db, userId: number, column: EditableColumn, value: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ [column]: value })
    .where('id', '=', userId)
    .executeTakeFirst();
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
export async function swapProfileImage(
  db: Db,
  userId: number,
  previous: string | null,
  next: string,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ profile_image: next })
    .where('id', '=', userId)
    .where('profile_image', previous === null ? 'is' : '=', previous)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
