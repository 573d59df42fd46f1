import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Dialect } from '../db/database.js';
import { useTestApp } from './app.js';
import { buildMatrixCallers, injectAs, type MatrixPersona, type RequestHeaders } from './users.js';

/** The app of a block that tries staff-only calls, with one caller of each kind. */
export interface StaffSuite {
  readonly app: FastifyInstance;
  /** The request headers of each kind of caller (anonymous sends none). */
  readonly as: Record<MatrixPersona, RequestHeaders>;
  /** `app.inject` as one of the callers. */
  call(opts: InjectOptions, headers: RequestHeaders): Promise<LightMyRequestResponse>;
}

/**
 * Builds the app on `dialect` and a member, a moderator and an admin named by `names` before the block's tests,
 * and closes the app after them. `app` and `as` may be read in hooks and tests.
 */
export function useStaffSuite(
  dialect: Dialect,
  names: { member: string; moderator: string; admin: string },
): StaffSuite {
  const test = useTestApp({ dialect });
  let callers: Record<MatrixPersona, RequestHeaders> | undefined;
  beforeAll(async () => {
    callers = await buildMatrixCallers(test.app, names);
  });
  return {
    get app() {
      return test.app;
    },
    get as() {
      if (!callers) throw new Error('the callers are built in beforeAll: read them in a hook or a test');
      return callers;
    },
    call: (opts, headers) => injectAs(test.app)(opts, headers),
  };
}

/**
 * The authorization matrix of staff-only calls: for each call, a visitor hears 401, a member 403 (both with the
 * spec's message), a moderator and an admin are served.
 */
export function describeStaffOnly(calls: Record<string, () => Promise<InjectOptions>>, suite: StaffSuite): void {
  describe.each(Object.keys(calls))('%s', (name) => {
    it.each([
      ['anonymous', 401, 'JWT Token not found'],
      ['member', 403, 'forbidden'],
    ] as const)('refuses %s with %i', async (who, status, message) => {
      const res = await suite.call(await calls[name]!(), suite.as[who]);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ message });
    });

    it.each(['moderator', 'admin'] as const)('serves a %s', async (who) => {
      const res = await suite.call(await calls[name]!(), suite.as[who]);
      expect(res.statusCode, res.body).toBeLessThan(300);
    });
  });
}
