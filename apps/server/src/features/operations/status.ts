import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { hostname } from 'node:os';
import { notReadyReasons, type NodeStatus } from '@papo/contract/operations';
import { isRecord } from '@papo/contract/records';
import type { FastifyInstance } from 'fastify';
import { lastBackup } from '../../backup.js';
import { codeSchemaVersion, migrationPlan } from '../../db/migrate.js';

/** A node's id: random, as two nodes may share a host name and port (containers). */
export const newNodeId = () => randomBytes(6).toString('hex');
const startedAt = new Date(Date.now() - process.uptime() * 1000).toISOString();

/** When the running server bundle was written by `npm run build`; undefined when the server runs from its sources. */
function bundleBuiltAt(): string | null {
  // not import.meta.url, which the server build rewrites to this source file's address
  // (scripts/build-server.mjs); import.meta.filename stays the bundle's own file.
  const file = import.meta.filename;
  if (!/[/\\]dist[/\\][^/\\]+\.mjs$/.test(file)) return null;
  try {
    return statSync(file).mtime.toISOString();
  } catch {
    return null;
  }
}
const builtAt = bundleBuiltAt();

/** A gauge's value as `/metrics` would show it now (its `collect` reads the node), or null without the series. */
async function gaugeValue(app: FastifyInstance, name: string): Promise<number | null> {
  const metric = app.metrics.getSingleMetric(name);
  if (!metric) return null;
  const { values } = await metric.get();
  return values.reduce((sum, { value }) => sum + value, 0);
}

type Reason = NodeStatus['readiness']['reason'];

/** What `/readyz` answers, asked of the route itself so its checks are never made a second way. */
async function readiness(app: FastifyInstance): Promise<NodeStatus['readiness'] & { redis: string | undefined }> {
  const res = await app.inject({ method: 'GET', url: '/readyz' });
  const body: unknown = res.json();
  const field = (key: string) => (isRecord(body) && typeof body[key] === 'string' ? body[key] : undefined);
  if (res.statusCode === 200)
    return { status: field('status') === 'degraded' ? 'degraded' : 'ready', reason: null, redis: field('redis') };
  // a draining node answers every request, /readyz too, 503 service_unavailable (main.ts).
  const message = field('message');
  const reason: Reason =
    message === 'service_unavailable' ? 'shutting_down' : (notReadyReasons.find((key) => key === message) ?? 'unknown');
  return { status: 'not_ready', reason, redis: undefined };
}

/** This node as the operations screen shows it, read from what `/readyz` and `/metrics` read. */
export async function nodeStatus(app: FastifyInstance, id: string): Promise<NodeStatus> {
  const ready = await readiness(app);
  const databaseDown = ready.reason === 'database_unreachable';
  const plan = databaseDown ? undefined : await migrationPlan(app.db).catch(() => undefined);
  const redis = app.hasDecorator('realtimeRedis') ? app.realtimeRedis() : 'off';
  const uploads = app.uploadsCheck.problem;
  const mail = app.mailer.state();
  return {
    id,
    name: `${hostname()}:${app.config.PORT}`,
    self: true,
    release: codeSchemaVersion,
    node: process.version,
    builtAt,
    startedAt,
    seenAt: new Date().toISOString(),
    readiness: { status: ready.status, reason: ready.reason },
    checks: [
      { name: 'database', state: databaseDown ? 'failing' : 'ok', detail: databaseDown ? ready.reason : null },
      { name: 'redis', state: redis === 'off' ? 'off' : redis === 'connected' ? 'ok' : 'degraded', detail: redis },
      { name: 'uploads', state: uploads ? 'failing' : 'ok', detail: uploads ?? null },
      { name: 'mail', state: mail.failing ? 'failing' : 'ok', detail: mail.transport },
    ],
    sockets: (await gaugeValue(app, 'papo_sockets')) ?? 0,
    ircLinks: await gaugeValue(app, 'papo_irc_links'),
    database: {
      dialect: app.dialect,
      schema: plan?.applied.at(-1) ?? null,
      pending: plan?.pending.length ?? 0,
    },
    lastBackup: await lastBackup(app.config),
  };
}
