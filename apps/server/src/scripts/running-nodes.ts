import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import { errorMessage } from '../db/error-code.js';
import { createBus, postgresWay } from '../lib/bus.js';
import { createRevocations, type Revocations } from '../lib/revocation.js';
import { createCacheRegistry, linkToDatabase } from '../lib/shared-cache.js';

/**
 * How an admin command that changes a member reaches the running nodes: over the bus they share (Redis with
 * `REDIS_URL`, and PostgreSQL's notifications), as a node's own writes do. Through `revocations` the member's
 * sign-outs close their sockets and IRC links at once; the member reads and channels the command's writers announce
 * (every commit through `db`, db/changes.ts) are forgotten on every node. Without either way there is no
 * other process to tell: a single SQLite node reads its revocations again within a minute.
 */
export interface RunningNodes {
  db: Kysely<Database>;
  revocations: Revocations;
  /** Stops listening for the command's writes; resolves to what could not be told (empty when every node heard). */
  close(): Promise<string[]>;
}

/** Failures to send: the others (connecting, subscribing) matter only to a node that listens. */
const sendFailures = new Set(['bus_publish_failed', 'bus_notify_failed']);

export function reachRunningNodes(config: Config, db: Kysely<Database>): RunningNodes {
  const failures: string[] = [];
  const bus = createBus({
    redisUrl: config.REDIS_URL,
    postgres: postgresWay(db),
    channel: `${config.REDIS_PREFIX}:bus`,
    warn: (key, error) => {
      if (sendFailures.has(key))
        failures.push(
          `${key === 'bus_publish_failed' ? 'Redis' : 'PostgreSQL'}: ${errorMessage(error) ?? String(error)}`,
        );
    },
  });
  const unlink = linkToDatabase(db, createCacheRegistry({ bus, db }));
  return {
    db,
    revocations: createRevocations({ db, bus }),
    async close() {
      await unlink();
      await bus.close();
      return [...new Set(failures)];
    },
  };
}
