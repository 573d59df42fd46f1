import type { ExpressionBuilder } from 'kysely';
import type { Database } from './schema.js';

/**
 * The name members know each other by: the selected nickname, else the username. For any query that has
 * `users` in it: `.select((eb) => memberName(eb).as('name'))`.
 */
export function memberName(eb: ExpressionBuilder<Database, 'users'>) {
  return eb.fn
    .coalesce(
      eb.selectFrom('nicknames').select('nickname').whereRef('nicknames.user_id', '=', 'users.id').where('is_selected', '=', 1).limit(1),
      eb.ref('users.username'),
    )
    .$notNull();
}
