import { sql, type ExpressionBuilder } from 'kysely';
import { memberName } from '../../db/member-name.js';
import type { Database } from '../../db/schema.js';

/**
 * Who saved a revision, as the back office names a colleague: their display name (the account's `name`), else the
 * name members know them by. Staff know each other by name, where a nickname or a username ("editora") says little.
 */
export function staffName(eb: ExpressionBuilder<Database, 'users'>) {
  const displayName = eb.fn<string | null>('nullif', [eb.fn<string>('trim', [eb.ref('users.name')]), sql.lit('')]);
  return eb.fn.coalesce(displayName, memberName(eb)).$notNull();
}
