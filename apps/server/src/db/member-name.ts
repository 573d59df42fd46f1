import type { Nickname } from '@papo/contract/profile';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from './schema.js';
import { fromFlag } from './values.js';

/**
 * The name members know each other by: the selected nickname, else the username. For any query that has
 * `users` in it: `.select((eb) => memberName(eb).as('name'))`.
 * `1` is written into the SQL, not bound: SQLite uses the partial index of selected nicknames only when it
 * can see the condition, and a bound one made the subquery four times slower (decision 021).
 */
export function memberName(eb: ExpressionBuilder<Database, 'users'>) {
  const name = eb.fn.coalesce(
    eb
      .selectFrom('nicknames')
      .select('nickname')
      .whereRef('nicknames.user_id', '=', 'users.id')
      .where('is_selected', '=', sql.lit(1))
      .limit(sql.lit(1)),
    eb.ref('users.username'),
  );
  // a deleted account keeps its row for the username's sake; the others see its messages as "conta removida".
  return eb
    .case()
    .when('users.deleted_at', 'is not', null)
    .then(sql.lit(removedAccountName))
    .else(name)
    .end()
    .$notNull();
}

/** The name a deleted account's messages show. */
const removedAccountName = 'conta removida';

/** A `nicknames` row as repositories select it (`id`, `nickname`, `is_selected`). */
export interface NicknameRow {
  id: number;
  nickname: string;
  is_selected: number;
}

/** A nickname row as the spec answers it (both spellings of "selected"). */
export function toNickname(row: NicknameRow): Nickname {
  const selected = fromFlag(row.is_selected);
  return { id: row.id, nickname: row.nickname, is_selected: selected, isSelected: selected };
}
