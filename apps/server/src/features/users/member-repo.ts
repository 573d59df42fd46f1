import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { parseRoles } from '../../db/values.js';
import { memberName } from '../../db/member-name.js';

type Db = Kysely<Database>;

/** A member as the chat sees them: the nickname they chat under and the roles that may make them staff. */
export interface Member {
  id: number;
  nickname: string;
  roles: string[];
}

export async function findMember(db: Db, userId: number): Promise<Member | undefined> {
  const row = await db
    .selectFrom('users')
    .select((eb) => ['users.id', 'users.roles', memberName(eb).as('name')])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  return row && { id: row.id, nickname: row.name, roles: parseRoles(row.roles) };
}

/**
 * The member known by `name`: any of their nicknames or their username, case-insensitive
 * (NickServ resolves every registered nick to its account).
 */
export async function findMemberByName(db: Db, name: string): Promise<Member | undefined> {
  const lower = name.toLowerCase();
  const byNickname = await db
    .selectFrom('nicknames')
    .select('user_id')
    .where('nickname_lower', '=', lower)
    .executeTakeFirst();
  const userId =
    byNickname?.user_id ??
    (await db.selectFrom('users').select('id').where('username_lower', '=', lower).executeTakeFirst())?.id;
  return userId === undefined ? undefined : findMember(db, userId);
}
