import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig, type Config } from './config.js';

const shutdownTimeoutMs = 10_000;

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

function stopOnSignals(app: FastifyInstance): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // NOTE: a request or socket that never ends must not keep the process alive forever.
    const force = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, shutdownTimeoutMs);
    force.unref();
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

const config = readConfig();
try {
  // NOTE: loaded after the configuration is read, so a bad setting is reported without loading the whole server.
  const { buildApp } = await import('./app.js');
  const app = await buildApp({ config });
  stopOnSignals(app);
  const url = await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Papo is ready at ${url}`);
} catch (error) {
  fail(`Could not start Papo: ${error instanceof Error ? error.message : String(error)}`);
}
