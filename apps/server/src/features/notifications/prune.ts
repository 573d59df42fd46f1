import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** What the bell keeps: the newest 500 per member, none older than 180 days. */
export const notificationRetention = { perUser: 500, maxAgeDays: 180 } as const;

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Deletes what the retention rule no longer keeps and answers how many rows went. Both deletes say which
 * rows to remove by a rule, not by a list read earlier, so two nodes running it at once remove the same rows
 * once between them; no lock or leader is needed.
 */
export async function pruneNotifications(db: Kysely<Database>, now = Date.now()): Promise<number> {
  const cutoff = new Date(now - notificationRetention.maxAgeDays * dayMs).toISOString();
  const old = await db.deleteFrom('notifications').where('created_at', '<', cutoff).executeTakeFirst();
  const surplus = await db
    .deleteFrom('notifications')
    .where(
      'id',
      'in',
      sql<number>`(select id from (select id, row_number() over (partition by user_to order by id desc) as position from notifications) ranked where position > ${notificationRetention.perUser})`,
    )
    .executeTakeFirst();
  const removed = Number(old.numDeletedRows) + Number(surplus.numDeletedRows);
  return removed;
}

/** Runs the pruning soon after start and then every `intervalMs` (hourly), each node on its own. */
export function schedulePruning(app: FastifyInstance, intervalMs = 60 * 60 * 1000): void {
  let timer: NodeJS.Timeout | undefined;
  const run = () => {
    pruneNotifications(app.db).then(
      (removed) => removed && app.log.info({ removed }, 'old notifications pruned'),
      (error: unknown) => app.log.warn({ err: error }, 'notification pruning failed; next try in an hour'),
    );
  };
  app.addHook('onReady', async () => {
    // a random first delay spreads the nodes of a cluster started together.
    timer = setTimeout(
      function tick() {
        run();
        timer = setTimeout(tick, intervalMs).unref();
      },
      Math.floor(Math.random() * 60_000),
    ).unref();
  });
  app.addHook('onClose', async () => clearTimeout(timer));
}
