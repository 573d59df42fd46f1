import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { insertUser } from '../features/users/repo.js';
import { createTokenService } from '../lib/tokens.js';
import { waitFor } from '../realtime/test-support.js';
import { postgresServerUnavailable, startPostgresServer, type PostgresServer } from '../test/postgres-server.js';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../test/server-process.js';
import { insertSignIn } from '../test/users.js';

const secret = 'database-down-test-secret-long-enough-0123456789';

/**
 * A server process on a PostgreSQL of the test's own, which the test stops (`pg_ctl stop -m immediate`, as a crash
 * or failover does) while idle and while requests hold pool clients and open transactions.
 */
describe.skipIf(postgresServerUnavailable)(
  `the database going away${postgresServerUnavailable ? ` (skipped: ${postgresServerUnavailable})` : ''}`,
  () => {
    let postgres: PostgresServer;
    let server: ServerProcess;
    let db: DatabaseHandle;
    // each test's member has never been read while the database was up. A member's profile and bell, once
    // read, are kept in memory (decision 020), but not trusted while the node cannot hear the database's
    // notifications (decision 031): through an outage they answer 503 too, which the second test shows.
    let member: Record<string, string>;
    let other: Record<string, string>;
    let staff: Record<string, string>;
    let contactId: number;

    beforeAll(async () => {
      postgres = await startPostgresServer();
      server = await startServerProcess({ DATABASE_URL: postgres.url, JWT_SECRET: secret });
      db = openDatabase({ url: postgres.url });
      const tokens = createTokenService(secret);
      const sign = async (username: string, roles: string[]) => {
        const userId = await insertUser(db.db, {
          name: username,
          username,
          email: `${username}@example.com`,
          passwordHash: null,
          roles,
          verified: true,
        });
        return {
          authorization: `Bearer ${await tokens.signAccessToken({ userId, username, roles, sessionId: await insertSignIn(db.db, userId) })}`,
        };
      };
      member = await sign('ana', ['ROLE_USER']);
      other = await sign('bia', ['ROLE_USER']);
      staff = await sign('equipe', ['ROLE_USER', 'ROLE_MODERATOR']);
      const contact = await db.db
        .insertInto('contact_messages')
        .values({
          name: 'Maria',
          email: 'maria@example.com',
          subject: 'Olá',
          message: 'Oi',
          source: 'contact',
          ip_hash: 'x',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      contactId = contact.id;
    }, 120_000);
    afterAll(async () => {
      if (server) await stopServerProcess(server);
      await db?.close().catch(() => undefined);
      await postgres?.destroy();
    }, 30_000);

    const call = (path: string, init: RequestInit = {}) => fetch(`${server.url}${path}`, init);
    const calls = (who: Record<string, string>) => [
      call('/api/userprofile', { headers: who }),
      call('/api/notifications', { headers: who }),
      call('/api/login_check', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"username":"ana","password":"uma senha qualquer"}',
      }),
    ];
    const expectUnavailable = async (responses: Promise<Response>[]) => {
      for (const res of await Promise.all(responses)) {
        expect(res.status, res.url).toBe(503);
        expect(await res.json()).toEqual({ message: 'service_unavailable' });
        expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      }
    };
    /** Starts the database again and answers how long the node took to serve again after it came back. */
    const restartAndTimeRecovery = async (who: Record<string, string>) => {
      await postgres.start();
      const back = Date.now();
      await waitFor('the node to be ready again', async () => (await call('/readyz')).status === 200, 20_000);
      const ready = Date.now() - back;
      expect((await call('/api/userprofile', { headers: who })).status).toBe(200);
      return ready;
    };

    it('stopped while idle: calls answer 503 with a key, /readyz fails, and the node recovers by itself', async () => {
      expect((await call('/readyz')).status).toBe(200);
      await postgres.stop('immediate');
      const stopped = calls(member);
      await expectUnavailable(stopped);
      expect((await call('/readyz')).status).toBe(503);
      expect((await call('/healthz')).status).toBe(200);
      const recovered = await restartAndTimeRecovery(member);
      console.log(
        `database stopped while idle: ${stopped.length} calls answered 503; ready ${recovered} ms after the database returned`,
      );
      expect(server.child.exitCode).toBeNull();
    }, 60_000);

    it('stopped with queries in flight: every request gets an answer, the process lives on, and it recovers', async () => {
      // an open transaction holding exclusive locks keeps the requests waiting inside the database, with
      // pool clients checked out (and, for the reply, a transaction of the server's own open).
      const locker = new pg.Client({ connectionString: postgres.url });
      locker.on('error', () => undefined);
      await locker.connect();
      await locker.query('begin');
      await locker.query('lock table users, contact_messages, notifications in access exclusive mode');
      const inFlight = [
        ...calls(other),
        call(`/api/contacts/${contactId}/reply`, {
          method: 'POST',
          headers: { ...staff, 'content-type': 'application/json' },
          body: JSON.stringify({ subject: 'Re: Olá', body: 'Obrigado' }),
        }),
      ];
      // asked on another connection: inside the locker's transaction pg_stat_activity is a snapshot.
      const waiting = async () => {
        const { rows } = await sql<{
          n: number;
        }>`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'`.execute(db.db);
        return (rows[0]?.n ?? 0) >= inFlight.length;
      };
      await waitFor('the requests to wait on the locks', waiting, 10_000);
      const stoppedAt = Date.now();
      await postgres.stop('immediate');
      const responses = await Promise.all(inFlight);
      const answeredIn = Date.now() - stoppedAt;
      for (const res of responses) {
        expect(res.status, res.url).toBe(503);
        expect(await res.json()).toEqual({ message: 'service_unavailable' });
      }
      await expectUnavailable(calls(other));
      expect((await call('/readyz')).status).toBe(503);
      // The first test's member was read once the database came back; their kept profile is not trusted while the
      // node cannot listen (a write committed just before the stop may not have been heard).
      expect((await call('/api/userprofile', { headers: member })).status).toBe(503);
      const recovered = await restartAndTimeRecovery(other);
      console.log(
        `database stopped with ${inFlight.length} requests in flight: all answered 503 within ${answeredIn} ms of the stop; ` +
          `ready ${recovered} ms after the database returned; process still running`,
      );
      expect(server.child.exitCode).toBeNull();
      expect(server.output.join('')).not.toMatch(/Unhandled 'error' event|uncaught/i);
      const reply = await db.db
        .selectFrom('contact_messages')
        .select('replied_at')
        .where('id', '=', contactId)
        .executeTakeFirstOrThrow();
      expect(reply.replied_at).toBeNull();
    }, 60_000);
  },
);
