import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';
import pino, { type LevelWithSilent } from 'pino';

/** A request at least this slow is logged at warn level whatever LOG_LEVEL says below it. */
export const slowRequestMs = 500;

/**
 * The server's logger: readable one-line output in development (pino-pretty, in a worker thread),
 * JSON lines elsewhere written through pino's asynchronous destination: lines logged while a write is
 * under way are batched into the next one instead of a blocking write(2) each. Nothing waits for a
 * buffer to fill (a quiet server's lines appear at once), and pino flushes the rest when the process exits.
 */
export function loggerOptions(config: {
  LOG_LEVEL: LevelWithSilent;
  LOG_FORMAT: 'json' | 'pretty';
}): NonNullable<FastifyServerOptions['logger']> {
  if (config.LOG_FORMAT === 'pretty') {
    return {
      level: config.LOG_LEVEL,
      transport: {
        target: 'pino-pretty',
        options: { singleLine: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
      },
    };
  }
  return { level: config.LOG_LEVEL, stream: pino.destination({ dest: 1, sync: false }) };
}

const levelValue: Record<string, number> = pino.levels.values;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route logs its own failures once per change (readiness probes: a load balancer asking every few seconds
     * would otherwise write a line per probe); its request line stays at debug.
     */
    logsOwnFailures?: boolean;
  }
}

/** Server errors at error, slow requests at warn, the rest at debug. */
export function requestLogLevel(status: number, ms: number): 'error' | 'warn' | 'debug' {
  if (status >= 500) return 'error';
  return ms >= slowRequestMs ? 'warn' : 'debug';
}

/** Whether an address is this machine's own (IPv4, IPv6, or IPv4 mapped into IPv6). */
export function isLoopback(address: string | undefined): boolean {
  return /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/.test(address ?? '');
}

/** Whether a request carries a proxy's forwarding headers (X-Forwarded-For, or RFC 7239's Forwarded). */
export function forwardedByProxy(request: FastifyRequest): boolean {
  return request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
}

/**
 * Without TRUST_PROXY, a proxy on the same machine makes every client 127.0.0.1: per-address limits are shared by
 * everyone and the log names no client. Said once, at the first request that shows it (from a loopback peer, with
 * forwarding headers), then the hook removes its own work.
 */
export function warnOfUntrustedProxy(app: FastifyInstance): void {
  let warned = false;
  app.addHook('onRequest', async (request) => {
    if (warned || !forwardedByProxy(request) || !isLoopback(request.socket.remoteAddress)) return;
    warned = true;
    app.log.warn(
      'requests arrive through a proxy on this machine but TRUST_PROXY is unset: every client counts as 127.0.0.1 (per-address limits, logs); set TRUST_PROXY=1 (or the proxy addresses)',
    );
  });
}

/**
 * One access line per request, at a level that says how much it matters: server errors at error,
 * slow requests at warn, everything else (client errors included) at debug (so `LOG_LEVEL=debug` gives the full access log and
 * production's `info` writes nothing for a healthy request). Replaces Fastify's two lines per request.
 */
export function registerRequestLog(app: FastifyInstance): void {
  // callback style, so the hooks after this one (metrics) run in the same tick, not a promise later.
  app.addHook('onResponse', (request, reply, done) => {
    const ms = reply.elapsedTime;
    const level = request.routeOptions.config.logsOwnFailures ? 'debug' : requestLogLevel(reply.statusCode, ms);
    // the line's object is built only when its level is written. The request id is in the logger's bindings;
    // the address is the client's once TRUST_PROXY names the proxies in front.
    if ((levelValue[level] ?? 0) >= (levelValue[request.log.level] ?? 0)) {
      const route = request.routeOptions.url ?? 'none';
      request.log[level](
        {
          method: request.method,
          route,
          url: request.url,
          status: reply.statusCode,
          ms: Math.round(ms * 10) / 10,
          address: request.ip,
        },
        'request',
      );
    }
    done();
  });
}
