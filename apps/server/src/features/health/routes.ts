import type { FastifyPluginAsync } from 'fastify';
import { checkReadiness, type Readiness } from './readiness.js';

/**
 * Liveness (the process answers) and readiness (this node can serve) for load balancers and orchestrators. Readiness
 * is logged once per change, not per probe: a load balancer asks every few seconds.
 */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/healthz', async () => ({ status: 'ok' }));

  let last: string | undefined;
  function noteChange(readiness: Readiness): void {
    const now = readiness.ready ? 'ready' : readiness.reason;
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
    const readiness = await checkReadiness(app);
    noteChange(readiness);
    if (!readiness.ready) return reply.status(503).send({ message: readiness.reason });
    return readiness.redis ? { status: 'ready', redis: readiness.redis } : { status: 'ready' };
  });
};
