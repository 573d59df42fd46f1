import { z } from 'zod';
import { apiRoute } from './api-route.js';

/**
 * The operations screen (administrators only): each node seen recently, with what `/readyz` and `/metrics` say of it
 * (docs/operations.md, Operations screen).
 */

/** Why a node is not ready, as `/readyz` names it. */
export const notReadyReasons = [
  'database_unreachable',
  'uploads_not_shared',
  'uploads_bucket_missing',
  'uploads_unavailable',
  'redis_unreachable',
] as const;
export type NotReadyReason = (typeof notReadyReasons)[number];

/** A check's state: `off` when this node does not use the part (no Redis on a single node). */
export const checkStates = ['ok', 'degraded', 'failing', 'off'] as const;
export const checkNames = ['database', 'redis', 'uploads', 'mail'] as const;

const check = z.object({
  name: z.enum(checkNames),
  state: z.enum(checkStates),
  /** A reason key of `notReadyReasons`, Redis' connection state, or mail's transport (`smtp`, `outbox`). */
  detail: z.string().nullable(),
});

export const nodeStatusSchema = z.object({
  id: z.string(),
  /** Host name and port, as an operator tells the nodes apart. */
  name: z.string(),
  /** The node that answered. */
  self: z.boolean(),
  /** The newest migration this node's code has: its release, as far as the database is concerned. */
  release: z.string(),
  node: z.string(),
  /** When the running server bundle was built; null when the server runs from its sources. */
  builtAt: z.string().nullable(),
  startedAt: z.string(),
  /** When this status was taken (the node's last report, for another node). */
  seenAt: z.string(),
  readiness: z.object({
    status: z.enum(['ready', 'not_ready']),
    reason: z.enum(notReadyReasons).nullable(),
  }),
  checks: z.array(check),
  sockets: z.number(),
  /** Null without IRC_PORT. */
  ircLinks: z.number().nullable(),
  database: z.object({
    dialect: z.enum(['sqlite', 'postgres']),
    /** The newest migration the database has applied. */
    schema: z.string().nullable(),
    /** Migrations of this code the database has not applied (0 once migrated). */
    pending: z.number(),
  }),
  /** The newest backup recorded in this node's DATA_DIR (a `backup` command, or the one before an upgrade). */
  lastBackup: z.object({ at: z.string(), folder: z.string(), kind: z.enum(['backup', 'before_upgrade']) }).nullable(),
});
export type NodeStatus = z.infer<typeof nodeStatusSchema>;

const operationsAnswer = z.object({ nodes: z.array(nodeStatusSchema) });
export type OperationsAnswer = z.infer<typeof operationsAnswer>;

export const operationsRoutes = {
  status: apiRoute({ method: 'GET', path: '/api/operations', answer: operationsAnswer, auth: 'admin' }),
};
