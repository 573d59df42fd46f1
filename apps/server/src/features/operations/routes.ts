import { nodeStatusSchema, operationsRoutes as routes, type NodeStatus } from '@papo/contract/operations';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { serve } from '../../lib/api-route.js';
import { newNodeId, nodeStatus } from './status.js';

/*
 * The nodes of a cluster tell each other their status over the bus (Redis): each reports every `reportMs` and when it
 * hears a node for the first time, so a node that just started is on every screen within a turn; a node not heard
 * for three reports has gone (stopped, or cut off) and leaves the list, and one that stops says so at once.
 */
const topic = 'operations-status';

const reportSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('status'), status: nodeStatusSchema }),
  z.object({ kind: z.literal('gone'), id: z.string() }),
]);
type Report = z.infer<typeof reportSchema>;

function parseReport(raw: string): Report | undefined {
  try {
    const parsed = reportSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export interface OperationsRoutesOptions {
  /** How often a node reports its status to the others (with Redis). */
  reportMs?: number;
}

/** `GET /api/operations` (administrators): this node, then the others heard from recently. */
export const operationsRoutes: FastifyPluginAsync<OperationsRoutesOptions> = async (app, opts) => {
  const reportMs = opts.reportMs ?? 10_000;
  const nodeId = newNodeId();
  const others = new Map<string, { status: NodeStatus; heardAt: number }>();

  // a node's id is its process's: one that said it has gone never reports again, so a report still on its way
  // when it said so is not taken for a node that came back.
  const gone = new Set<string>();
  let closing = false;
  // a node still being built (it subscribes before its last plugins are in) reports nothing: its status is read
  // once every part is there, from its first report when it is ready.
  let ready = false;
  const publish = (report: Report) => app.bus.publish(topic, JSON.stringify(report));
  const report = () =>
    void nodeStatus(app, nodeId)
      .then((status) => (closing ? undefined : publish({ kind: 'status', status })))
      .catch((error: unknown) => app.log.debug({ err: error }, 'operations: status not reported'));

  if (app.config.REDIS_URL) {
    app.bus.on(topic, (raw) => {
      const heard = parseReport(raw);
      if (!heard) return;
      if (heard.kind === 'gone') {
        if (gone.size > 1000) gone.clear();
        gone.add(heard.id);
        others.delete(heard.id);
        return;
      }
      const { status } = heard;
      if (status.id === nodeId || gone.has(status.id)) return;
      const known = others.has(status.id);
      others.set(status.id, { status: { ...status, self: false }, heardAt: Date.now() });
      // a node heard for the first time has just started: it hears this one now, not a report later.
      if (!known && ready) report();
    });
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      ready = true;
      report();
      timer = setInterval(report, reportMs);
      timer.unref();
    });
    app.addHook('preClose', async () => {
      closing = true;
      clearInterval(timer);
      await publish({ kind: 'gone', id: nodeId }).catch(() => undefined);
    });
  }

  serve(app, routes.status, async () => {
    const since = Date.now() - reportMs * 3;
    for (const [id, { heardAt }] of others) if (heardAt < since) others.delete(id);
    const rest = [...others.values()].map(({ status }) => status).sort((a, b) => a.name.localeCompare(b.name));
    const nodes: NodeStatus[] = [await nodeStatus(app, nodeId), ...rest];
    return { nodes };
  });
};
