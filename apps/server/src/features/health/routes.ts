import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { httpError } from '../../lib/http-error.js';

const readinessTimeoutMs = 2000;

/** Liveness (the process answers) and readiness (the database answers) for load balancers and orchestrators. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async () => {
    if (!(await databaseAnswers())) throw httpError(503, 'database_unreachable');
    // NOTE: a node whose uploads the other nodes cannot read would answer 404 for them (decision 025).
    if (!app.uploadsCheck.shared) throw httpError(503, 'uploads_not_shared');
    // NOTE: without Redis a node still serves its own clients, so it stays ready and says it is degraded.
    const redis = app.hasDecorator('realtimeRedis') ? app.realtimeRedis() : 'off';
    if (redis === 'off') return { status: 'ready' };
    return { status: redis === 'connected' ? 'ready' : 'degraded', redis };
  });

  async function databaseAnswers(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    // NOTE: a database that hangs (e.g. a dropped network) must fail the probe quickly, not hold it open.
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), readinessTimeoutMs);
    });
    const query = sql`select 1`.execute(app.db).then(
      () => true,
      (error: unknown) => {
        app.log.warn({ err: error }, 'readiness check failed');
        return false;
      },
    );
    try {
      return await Promise.race([query, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
};
