import { sql, type ExpressionBuilder } from 'kysely';
import { memberName } from '../../db/member-name.js';
import type { Database } from '../../db/schema.js';

/**
 * Who saved a revision, as the back office names a colleague: their display name (the account's `name`), else the
 * name members know them by. Staff know each other by name, where a nickname or a username ("editora") says little.
 */
export function staffName(eb: ExpressionBuilder<Database, 'users'>) {
  return eb.fn.coalesce(eb.fn('nullif', [eb.fn('trim', [eb.ref('users.name')]), sql.lit('')]), memberName(eb)).$notNull();
}
