import type { NotReadyReason } from '@papo/contract/operations';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

const readinessTimeoutMs = 2000;

/** Whether this node can serve: ready (with Redis' state in a cluster), or the one reason a balancer should skip it. */
export type Readiness =
  { ready: true; redis: 'connected' | undefined } | { ready: false; reason: NotReadyReason; err?: unknown };

/** What `/readyz` answers and the operations screen shows, checked one way for both. */
export async function checkReadiness(app: FastifyInstance): Promise<Readiness> {
  const database = await databaseAnswers(app);
  if (database !== true) return { ready: false, reason: 'database_unreachable', err: database };
  // a node whose uploads the other nodes cannot read would answer 404 for them (decision 025).
  const uploads = app.uploadsCheck.problem;
  if (uploads) return { ready: false, reason: uploads };
  const redis = app.hasDecorator('realtimeRedis') ? app.realtimeRedis() : 'off';
  if (redis === 'off') return { ready: true, redis: undefined };
  // a node of a cluster that cannot reach Redis refuses channel lines and misses the others' broadcasts, so a
  // load balancer must send its traffic elsewhere; the node keeps serving whoever still reaches it and turns ready
  // again by itself once Redis answers (a PING, so a Redis that hangs counts as unreachable too).
  if (!(await app.realtime.reachesOtherNodes())) return { ready: false, reason: 'redis_unreachable' };
  return { ready: true, redis: 'connected' };
}

/** True, or why the database did not answer (its error, or a timeout). */
async function databaseAnswers(app: FastifyInstance): Promise<true | unknown> {
  let timer: NodeJS.Timeout | undefined;
  // a database that hangs (e.g. a dropped network) must fail the probe quickly, not hold it open.
  const timeout = new Promise<Error>((resolve) => {
    timer = setTimeout(() => resolve(new Error(`no answer within ${readinessTimeoutMs} ms`)), readinessTimeoutMs);
  });
  const query = sql`select 1`.execute(app.db).then(
    () => true as const,
    (error: unknown) => error,
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
