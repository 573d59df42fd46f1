import { timingSafeEqual } from 'node:crypto';
import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';
import fp from 'fastify-plugin';
import {
  Gauge,
  Registry,
  collectDefaultMetrics,
  type PrometheusContentType,
  type RegistryContentType,
} from 'prom-client';
import { changesOf } from '../db/database.js';
import { httpError } from './http-error.js';
import { forwardedByProxy, isLoopback } from './logger.js';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The per-route counts tell an outsider what the site runs, so `/metrics` answers only `Authorization: Bearer
 * <METRICS_TOKEN>`, or without a token a caller on this machine (the address as the proxy setting reads it, so a
 * request forwarded for an outside client is not loopback; without TRUST_PROXY, no forwarded request at all).
 */
async function metricsAccess(request: FastifyRequest): Promise<void> {
  const token = request.server.config.METRICS_TOKEN;
  const given = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (token && given) {
    if (sameSecret(given, token)) return;
    throw httpError(401, 'unauthorized');
  }
  // through a proxy that is not trusted the peer is the proxy, on loopback: a forwarded request is an outsider's.
  const untrustedProxy = request.server.config.TRUST_PROXY === undefined && forwardedByProxy(request);
  if (!untrustedProxy && isLoopback(request.ip) && isLoopback(request.socket.remoteAddress)) return;
  throw httpError(403, 'forbidden');
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus registry (one per instance, so several apps in one process do not collide). */
    metrics: Registry;
  }
}

declare module 'prom-client' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- a merged declaration repeats prom-client's type parameter
  interface Registry<BoundRegistryContentType extends RegistryContentType = PrometheusContentType> {
    /**
     * A metric of Papo's own making: the registry reads it as it reads its own (`get`, `getForPromString`, `reset`,
     * by `name`), which prom-client's types spell as the union of its classes.
     */
    registerMetric(metric: RequestDurations): void;
  }
}

const durationName = 'http_request_duration_seconds';
const durationBuckets = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** One label set of the duration histogram: counts per bucket (not cumulative), sum and count. */
interface Series {
  labels: { method: string; route: string; status_code: string };
  buckets: number[];
  sum: number;
  count: number;
}

/**
 * `http_request_duration_seconds` by method, route pattern and status: the histogram prom-client's `Histogram` kept,
 * with its exposition unchanged (the same values handed to the same registry), but observed without building,
 * validating and hashing a label object per request: a route's series are found by method and status in a map made
 * when the route is added.
 */
class RequestDurations {
  readonly name = durationName;
  readonly help = 'HTTP request duration in seconds';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series: Series[] = [];

  /** The observer of one route pattern. */
  forRoute(route: string): (method: string, status: number, seconds: number) => void {
    const byKey = new Map<string, Series>();
    return (method, status, seconds) => {
      const key = `${method} ${status}`;
      let series = byKey.get(key);
      if (!series) {
        series = {
          labels: { method, route, status_code: String(status) },
          buckets: durationBuckets.map(() => 0),
          sum: 0,
          count: 0,
        };
        byKey.set(key, series);
        this.series.push(series);
      }
      series.sum += seconds;
      series.count += 1;
      const slot = durationBuckets.findIndex((le) => seconds <= le);
      if (slot >= 0) series.buckets[slot] = (series.buckets[slot] ?? 0) + 1;
    };
  }

  /** What prom-client's registry formats: for each series its cumulative buckets, +Inf, sum and count. */
  getForPromString() {
    const metricName = `${durationName}_bucket`;
    const values = this.series.flatMap((series) => {
      let cumulative = 0;
      return [
        ...durationBuckets.map((le, i) => {
          cumulative += series.buckets[i] ?? 0;
          return { labels: { le }, sharedLabels: series.labels, value: cumulative, metricName, exemplar: null };
        }),
        { labels: { le: '+Inf' }, sharedLabels: series.labels, value: series.count, metricName, exemplar: null },
        {
          labels: {},
          sharedLabels: series.labels,
          value: series.sum,
          metricName: `${durationName}_sum`,
          exemplar: undefined,
        },
        {
          labels: {},
          sharedLabels: series.labels,
          value: series.count,
          metricName: `${durationName}_count`,
          exemplar: undefined,
        },
      ];
    });
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  /** The same values with the series' labels folded in (prom-client's `get`, for `getMetricsAsJSON`). */
  get() {
    const data = this.getForPromString();
    return {
      ...data,
      values: data.values.map(({ sharedLabels, labels, ...rest }) => ({
        ...rest,
        labels: { ...labels, ...sharedLabels },
      })),
    };
  }

  reset(): void {
    this.series.length = 0;
  }
}

/** A gauge read when scraped: `read` sets its values from the part of the node it watches. */
function gauge(
  registry: Registry,
  name: string,
  help: string,
  labelNames: string[],
  read: (set: (value: number, labels?: Record<string, string>) => void) => void,
): void {
  const metric: Gauge = new Gauge({
    name,
    help,
    labelNames,
    registers: [registry],
    collect() {
      metric.reset();
      read((value, labels) => (labels ? metric.set(labels, value) : metric.set(value)));
    },
  });
}

/**
 * The node's moving parts, read at each scrape (nothing is counted on the request path): sockets, IRC links and
 * rooms of this node, the PostgreSQL pool, Redis, the push queue, server renders and the shared caches. Each
 * series exists when its part runs on this node (the pool with PostgreSQL, Redis with REDIS_URL).
 */
function watchTheNode(app: FastifyInstance, registry: Registry): void {
  if (app.hasDecorator('io')) {
    gauge(registry, 'papo_sockets', 'Socket.IO connections open on this node', [], (set) =>
      set(app.io.of('/').sockets.size),
    );
    gauge(registry, 'papo_rooms', 'Rooms (channels, conversations, members) with a socket on this node', [], (set) => {
      const { rooms } = app.io.of('/').adapter;
      const sockets = app.io.of('/').sockets;
      let count = 0;
      // every socket is in a room named by its own id; those are not rooms anyone joined.
      for (const room of rooms.keys()) if (!sockets.has(room)) count += 1;
      set(count);
    });
  }
  if (app.hasDecorator('irc'))
    gauge(registry, 'papo_irc_links', 'IRC clients connected to this node', [], (set) => set(app.irc.connections()));
  const changes = app.hasDecorator('db') ? changesOf(app.db) : undefined;
  if (changes) {
    gauge(registry, 'papo_db_pool_connections', 'PostgreSQL connections of this node by state', ['state'], (set) => {
      const pool = changes.pool();
      set(pool.total - pool.idle, { state: 'in_use' });
      set(pool.idle, { state: 'idle' });
    });
    gauge(registry, 'papo_db_pool_waiting', 'Queries waiting for a PostgreSQL connection', [], (set) =>
      set(changes.pool().waiting),
    );
    gauge(registry, 'papo_db_pool_max', 'PostgreSQL connections this node may open', [], (set) =>
      set(changes.pool().max),
    );
  }
  if (app.config.REDIS_URL) {
    gauge(
      registry,
      'papo_redis_connected',
      'Whether a Redis connection is up (1) or not (0): the socket adapter, the bus',
      ['connection'],
      (set) => {
        if (app.hasDecorator('realtimeRedis'))
          set(app.realtimeRedis() === 'connected' ? 1 : 0, { connection: 'socket_adapter' });
        if (app.hasDecorator('bus')) set(app.bus.up ? 1 : 0, { connection: 'bus' });
      },
    );
  }
  if (app.hasDecorator('push')) {
    gauge(registry, 'papo_push_queue', 'Web pushes of this node by state', ['state'], (set) => {
      const stats = app.push.stats();
      set(stats.waiting, { state: 'waiting' });
      set(stats.sending, { state: 'sending' });
      set(stats.retrying, { state: 'retrying' });
    });
    gauge(registry, 'papo_push_dropped', 'Web pushes dropped since start because too many were waiting', [], (set) =>
      set(app.push.stats().dropped),
    );
  }
  if (app.hasDecorator('renderedPages')) {
    gauge(
      registry,
      'papo_render_queue',
      'Server renders of pages under way and waiting behind an answered page',
      ['state'],
      (set) => {
        const stats = app.renderedPages.stats();
        set(stats?.rendering ?? 0, { state: 'rendering' });
        set(stats?.behind ?? 0, { state: 'behind' });
      },
    );
    gauge(
      registry,
      'papo_render_refused',
      'Pages left to the browser since start because too many renders were under way',
      [],
      (set) => set(app.renderedPages.stats()?.refused ?? 0),
    );
    gauge(
      registry,
      'papo_render_over_budget',
      'Pages left to the browser since start because their query parameters were past the budget of new renders',
      [],
      (set) => set(app.renderedPages.stats()?.overBudget ?? 0),
    );
  }
  if (app.hasDecorator('caches')) {
    gauge(
      registry,
      'papo_cache_reads',
      'Reads of the shared caches since start, by cache and result',
      ['cache', 'result'],
      (set) => {
        for (const [cache, { hits, misses }] of app.caches.stats()) {
          set(hits, { cache, result: 'hit' });
          set(misses, { cache, result: 'miss' });
        }
      },
    );
    gauge(
      registry,
      'papo_cache_hit_ratio',
      "Share of the shared caches' reads answered from memory since start",
      ['cache'],
      (set) => {
        for (const [cache, { hits, misses }] of app.caches.stats())
          if (hits + misses) set(hits / (hits + misses), { cache });
      },
    );
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
    const duration = new RequestDurations();
    registry.registerMetric(duration);
    app.decorate('metrics', registry);
    // once every plugin has decorated the app with the part it runs.
    app.addHook('onReady', async () => watchTheNode(app, registry));

    // each route observes under its own pattern, known when it is added, so no request builds
    // `request.routeOptions` (a getter making an object per call) to learn it (decision 020).
    app.addHook('onRoute', (route) => {
      const observe = duration.forRoute(route.url ?? route.path);
      const hooks =
        route.onResponse === undefined ? [] : Array.isArray(route.onResponse) ? route.onResponse : [route.onResponse];
      route.onResponse = [
        ...hooks,
        (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
          observe(request.method, reply.statusCode, reply.elapsedTime / 1000);
          done();
        },
      ];
    });
    // callback style: an async hook costs every request a promise and a turn of the microtask queue (decision 020).
    const unmatched = duration.forRoute('unmatched');
    app.addHook('onResponse', (request, reply, done) => {
      // a request no route took, or one its route handed to the not-found handler (a page's address asked for
      // an image, src/web.ts): the routes' own hooks observe the others.
      if (request.is404) unmatched(request.method, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });

    app.get('/metrics', { preHandler: metricsAccess }, async (_request, reply) => {
      reply.type(registry.contentType);
      return registry.metrics();
    });
  },
  { name: 'papo-metrics' },
);
