import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/app.js';
import { closeRedis, createRedis } from './redis.js';
import { createRedisOutage } from './redis-outage.js';
import { describeEachDialect } from '../test/db.js';
import { redisServerUnavailable, startRedisServer } from '../test/redis-server.js';
import { freePort } from '../test/server-process.js';
import { waitFor } from '../test/wait-for.js';

interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** A logger writing into `lines`, as pino writes: one JSON object a line. */
function capturedLog() {
  const lines: LogLine[] = [];
  const logger = { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) } };
  return { lines, logger };
}

const warnLevel = 40;
/** Refusals each client of the node has met before the test looks: repeats would have been logged by then. */
const severalAttempts = 3;
const mentionsRedis = (line: LogLine) => /redis/i.test(JSON.stringify(line));

describeEachDialect('the log of a node whose REDIS_URL answers nothing', (dialect) => {
  const outageOf = (lines: LogLine[]) => lines.filter((line) => line.msg.includes('does not answer'));

  it('says once, without the password, that Redis does not answer and the node is unready until it does', async () => {
    const port = await freePort();
    const { lines, logger } = capturedLog();
    const t = await buildTestApp({ dialect, env: { REDIS_URL: `redis://:hunter2@127.0.0.1:${port}` }, logger });
    try {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      await waitFor('the outage line', () => outageOf(lines).length > 0);
      await waitFor(`each client refused ${severalAttempts} times`, () => {
        const clients = t.app.redisOutage.clients();
        return clients.length > 0 && clients.every((client) => client.refusals >= severalAttempts);
      });
      expect(outageOf(lines)).toEqual([
        expect.objectContaining({
          level: warnLevel,
          msg: `Redis at redis://127.0.0.1:${port} does not answer: this node is unready until it does`,
        }),
      ]);
      // nothing else of Redis's at warn: the clients' errors and the commands they fail are the outage's.
      expect(lines.filter((line) => line.level >= warnLevel && mentionsRedis(line))).toEqual(outageOf(lines));
      expect(JSON.stringify(lines)).not.toContain('hunter2');
    } finally {
      await t.close();
    }
  }, 30_000);

  it.skipIf(redisServerUnavailable)(
    'says once that Redis answers again when it does',
    async () => {
      const port = await freePort();
      const { lines, logger } = capturedLog();
      const t = await buildTestApp({ dialect, env: { REDIS_URL: `redis://127.0.0.1:${port}` }, logger });
      try {
        await t.app.listen({ host: '127.0.0.1', port: 0 });
        await waitFor('the outage line', () => outageOf(lines).length > 0);
        const redis = await startRedisServer(port);
        try {
          const back = () => lines.filter((line) => line.msg === `Redis at redis://127.0.0.1:${port} answers again`);
          await waitFor('the line saying Redis answers again', () => back().length > 0, 10_000);
          await waitFor('the node ready', async () => (await t.app.inject({ url: '/readyz' })).statusCode === 200);
          expect(back()).toHaveLength(1);
          expect(outageOf(lines)).toHaveLength(1);
        } finally {
          // closed before its Redis stops, or the node would see a second outage.
          await t.app.close();
          await redis.destroy();
        }
      } finally {
        await t.close();
      }
    },
    30_000,
  );
});

describe.skipIf(!process.env.TEST_REDIS_URL)('the log of a node whose Redis answers', () => {
  it('says nothing of Redis at warn', async () => {
    const { lines, logger } = capturedLog();
    const t = await buildTestApp({ env: { REDIS_URL: process.env.TEST_REDIS_URL! }, logger });
    try {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      await waitFor('the node ready', async () => (await t.app.inject({ url: '/readyz' })).statusCode === 200);
      await waitFor('each client ready', () => {
        const clients = t.app.redisOutage.clients();
        return clients.length > 0 && clients.every((client) => client.ready);
      });
      expect(t.app.redisOutage.clients().filter((client) => client.refusals > 0)).toEqual([]);
      expect(lines.filter((line) => line.level >= warnLevel && mentionsRedis(line))).toEqual([]);
    } finally {
      await t.close();
    }
  }, 30_000);
});

describe('the outage report of a node', () => {
  const refusedClient = async () =>
    createRedis(`redis://127.0.0.1:${await freePort()}`, { maxRetriesPerRequest: null });

  it('repeats itself once its interval has passed', async () => {
    const { lines, logger } = capturedLog();
    const client = await refusedClient();
    createRedisOutage(Fastify({ logger }).log, 'redis://127.0.0.1', 0).watch(client);
    try {
      await waitFor(
        'two repeats',
        () => lines.filter((line) => line.msg.includes('still does not answer')).length >= 2,
      );
      expect(lines[0]?.msg).toBe('Redis at redis://127.0.0.1 does not answer: this node is unready until it does');
    } finally {
      await closeRedis(client);
    }
  });

  it('holds back the warnings of what fails while it lasts', async () => {
    const { lines, logger } = capturedLog();
    const client = await refusedClient();
    const outage = createRedisOutage(Fastify({ logger }).log, 'redis://127.0.0.1');
    const heard: string[] = [];
    const warn = outage.quiet((key) => heard.push(key));
    warn('before_the_outage', new Error('a script failed'));
    outage.watch(client);
    try {
      await waitFor('the outage line', () => lines.length > 0);
      warn('a_consequence', new Error('Connection is closed.'));
      expect(heard).toEqual(['before_the_outage']);
      expect(lines).toHaveLength(1);
    } finally {
      await closeRedis(client);
    }
  });
});
