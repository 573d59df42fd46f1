import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';

const readinessTimeoutMs = 2000;

/** What `/readyz` found: ready, or the one reason a load balancer should send no traffic here. */
type Readiness =
  { ready: true; body: { status: 'ready'; redis?: 'connected' } } | { ready: false; reason: string; err?: unknown };

/**
 * Liveness (the process answers) and readiness (this node can serve) for load balancers and orchestrators. Readiness
 * is logged once per change, not per probe: a load balancer asks every few seconds.
 */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/healthz', async () => ({ status: 'ok' }));

  let last: string | undefined;
  function noteChange(readiness: Readiness): void {
    const now = readiness.ready ? readiness.body.status : readiness.reason;
    if (now === last) return;
    const before = last;
    last = now;
    if (readiness.ready) {
      if (before !== undefined) app.log.info({ readiness: now, was: before }, `readiness: ${now}`);
    } else {
      app.log.warn({ readiness: now, was: before, err: readiness.err }, `readiness: not ready (${now})`);
    }
  }

  app.get('/readyz', { config: { logsOwnFailures: true } }, async (_request, reply) => {
    const readiness = await check();
    noteChange(readiness);
    if (!readiness.ready) return reply.status(503).send({ message: readiness.reason });
    return readiness.body;
  });

  async function check(): Promise<Readiness> {
    const database = await databaseAnswers();
    if (database !== true) return { ready: false, reason: 'database_unreachable', err: database };
    // a node whose uploads the other nodes cannot read would answer 404 for them (decision 025).
    const uploads = app.uploadsCheck.problem;
    if (uploads) return { ready: false, reason: uploads };
    const redis = app.hasDecorator('realtimeRedis') ? app.realtimeRedis() : 'off';
    if (redis === 'off') return { ready: true, body: { status: 'ready' } };
    // a node of a cluster that cannot reach Redis refuses channel lines and misses the others' broadcasts, so a
    // load balancer must send its traffic elsewhere; the node keeps serving whoever still reaches it and turns ready
    // again by itself once Redis answers (a PING, so a Redis that hangs counts as unreachable too).
    if (!(await app.realtime.reachesOtherNodes())) return { ready: false, reason: 'redis_unreachable' };
    return { ready: true, body: { status: 'ready', redis: 'connected' } };
  }

  /** True, or why the database did not answer (its error, or a timeout). */
  async function databaseAnswers(): Promise<true | unknown> {
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
};
