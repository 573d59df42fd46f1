import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { createBus, postgresWay } from '../../lib/bus.js';
import { createRevocations, type SignOutReason } from '../../lib/revocation.js';
import { endAccountSessions } from './sessions.js';

/**
 * Ends every sign-in of a member from a process that is no node (the admin command line): the refresh tokens, access
 * tokens and push devices in the database, and the announcement on the nodes' bus — Redis with REDIS_URL, PostgreSQL's
 * notifications with DATABASE_URL — so each node closes the member's sockets and IRC links at once, told `reason`.
 * A single node on SQLite without Redis shares no bus with any other process: its sockets learn of it at their
 * token's next renewal (15 minutes at most), its cached reads within a minute (docs/operations.md).
 */
export async function endAccountSessionsFromOutside(
  db: Kysely<Database>,
  config: Pick<Config, 'REDIS_URL' | 'REDIS_PREFIX'>,
  userId: number,
  reason: SignOutReason,
  warn: (line: string) => void,
): Promise<void> {
  const bus = createBus({
    redisUrl: config.REDIS_URL,
    postgres: postgresWay(db),
    channel: `${config.REDIS_PREFIX}:bus`,
    warn: (key, error) => warn(`${key}: ${error instanceof Error ? error.message : String(error)}`),
  });
  try {
    await endAccountSessions({ db, revocations: createRevocations({ db, bus }) }, userId, reason);
  } finally {
    await bus.close();
  }
}
