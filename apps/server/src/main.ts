import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig, type Config } from './config.js';

/** Prints one line (no stack) and exits 1: what an operator needs to fix a bad start. */
function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

/**
 * On SIGTERM or SIGINT the node drains: from the first moment it stops listening and answers any request still
 * arriving on an open connection (a load balancer's `/readyz` included) 503; requests and uploads under way finish,
 * socket answers under way are sent, then sockets and IRC links are closed so their clients reconnect to another node.
 * A drain that outlasts SHUTDOWN_TIMEOUT_MS is cut short: the node exits 1 rather than hang a deploy.
 */
function stopOnSignals(app: FastifyInstance, timeoutMs: number): void {
  let stopping = false;
  // a connection whose request is under way when the node drains is closed after its answer, not kept alive.
  const answering = new Set<ServerResponse>();
  app.server.on('request', (_request, response: ServerResponse) => {
    answering.add(response);
    response.once('close', () => answering.delete(response));
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal, timeoutMs }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error({ timeoutMs }, 'shutdown timed out; exiting');
      process.exit(1);
    }, timeoutMs);
    force.unref();
    for (const response of answering) if (!response.headersSent) response.setHeader('connection', 'close');
    app.close().then(
      () => {
        app.log.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/** What an operator checks first in a start's log: where the node's state lives and what it serves. */
function startSummary(config: Config, url: string) {
  return {
    url,
    node: process.version,
    environment: config.NODE_ENV,
    database: config.DATABASE_URL ? 'postgresql' : 'sqlite',
    redis: config.REDIS_URL ? 'on' : 'off',
    uploads: config.UPLOADS_URL?.kind ?? 'folder',
    irc: config.IRC_PORT ?? 'off',
  };
}

const config = readConfig();
try {
  // loaded after the configuration is read, so a bad setting is reported without loading the whole server.
  const { buildApp } = await import('./app.js');
  const app = await buildApp({ config });
  stopOnSignals(app, config.SHUTDOWN_TIMEOUT_MS);
  const url = await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(startSummary(config, url), `Papo is ready at ${url}`);
} catch (error) {
  fail(`Could not start Papo: ${error instanceof Error ? error.message : String(error)}`);
}
