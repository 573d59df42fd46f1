import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { httpError } from './http-error.js';

const loopback = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The per-route counts tell an outsider what the site runs, so `/metrics` answers only `Authorization: Bearer
 * <METRICS_TOKEN>`, or without a token a caller on this machine (the address as the proxy setting reads it, so a
 * request forwarded for an outside client is not loopback).
 */
async function metricsAccess(request: FastifyRequest): Promise<void> {
  const token = request.server.config.METRICS_TOKEN;
  const given = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (token && given) {
    if (sameSecret(given, token)) return;
    throw httpError(401, 'unauthorized');
  }
  if (loopback.test(request.ip) && loopback.test(request.socket.remoteAddress ?? '')) return;
  throw httpError(403, 'forbidden');
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus registry (one per instance, so several apps in one process do not collide). */
    metrics: Registry;
  }
}

/**
 * Prometheus metrics at GET /metrics: the process defaults and request durations by method,
 * route pattern (never the raw URL, which would grow without bound) and status.
 */
export const metricsPlugin: FastifyPluginAsync = fp(
  async (app) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration in seconds',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    app.decorate('metrics', registry);

    // NOTE: callback style: an async hook costs every request a promise and a turn of the microtask queue (decision 020).
    app.addHook('onResponse', (request, reply, done) => {
      duration.observe(
        { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
      done();
    });

    app.get('/metrics', { preHandler: metricsAccess }, async (_request, reply) => {
      reply.type(registry.contentType);
      return registry.metrics();
    });
  },
  { name: 'papo-metrics' },
);
