import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, registerRequestLog, requestLogLevel, slowRequestMs } from './logger.js';

/** An app whose log lines are collected, at the given level, with the request log registered. */
async function appLoggingAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, logController: new LogController({ disableRequestLogging: true }) });
  registerRequestLog(app);
  app.get('/ok', async () => ({ ok: true }));
  app.get('/fails', async (_request, reply) => reply.status(503).send({ message: 'service_unavailable' }));
  await app.ready();
  return { app, lines: () => lines.filter((line) => line.msg === 'request') };
}

describe('request log', () => {
  it('writes nothing for a healthy request at info, and one line for a server error', async () => {
    const { app, lines } = await appLoggingAt('info');
    await app.inject({ method: 'GET', url: '/ok' });
    await app.inject({ method: 'GET', url: '/fails?x=1' });
    expect(lines()).toEqual([expect.objectContaining({ level: 50, method: 'GET', url: '/fails?x=1', status: 503, ms: expect.any(Number) })]);
    await app.close();
  });

  it('writes one line per request at debug', async () => {
    const { app, lines } = await appLoggingAt('debug');
    await app.inject({ method: 'GET', url: '/ok' });
    expect(lines()).toEqual([expect.objectContaining({ level: 20, url: '/ok', status: 200 })]);
    await app.close();
  });

  it('raises slow requests to warn whatever their status, and server errors to error', () => {
    expect(requestLogLevel(200, slowRequestMs - 1)).toBe('debug');
    expect(requestLogLevel(404, slowRequestMs)).toBe('warn');
    expect(requestLogLevel(500, 1)).toBe('error');
  });

  it('is JSON through an asynchronous destination, or pretty lines through pino-pretty', () => {
    expect(loggerOptions({ LOG_LEVEL: 'info', LOG_FORMAT: 'json' })).toMatchObject({ level: 'info', stream: expect.anything() });
    expect(loggerOptions({ LOG_LEVEL: 'debug', LOG_FORMAT: 'pretty' })).toMatchObject({ level: 'debug', transport: { target: 'pino-pretty' } });
  });
});
