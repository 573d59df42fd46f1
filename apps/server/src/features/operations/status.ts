import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { hostname } from 'node:os';
import type { NodeStatus } from '@papo/contract/operations';
import type { FastifyInstance } from 'fastify';
import { lastBackup } from '../../backup.js';
import { codeSchemaVersion, migrationPlan } from '../../db/migrate.js';
import { checkReadiness } from '../health/index.js';

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

/** This node as the operations screen shows it: the readiness `/readyz` answers and the gauges `/metrics` reads. */
export async function nodeStatus(app: FastifyInstance, id: string): Promise<NodeStatus> {
  const ready = await checkReadiness(app);
  const reason = ready.ready ? null : ready.reason;
  const databaseDown = reason === 'database_unreachable';
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
    readiness: { status: ready.ready ? 'ready' : 'not_ready', reason },
    checks: [
      { name: 'database', state: databaseDown ? 'failing' : 'ok', detail: databaseDown ? reason : null },
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
