import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { MatrixPersona, RequestHeaders } from './users.js';

/**
 * The authorization matrix of staff-only calls: for each call, a visitor hears 401, a member 403 (both with the
 * spec's message), a moderator and an admin are served. `callers` is read when the tests run (filled in a hook).
 */
export function describeStaffOnly(
  calls: Record<string, () => Promise<InjectOptions>>,
  send: (opts: InjectOptions, headers: RequestHeaders) => Promise<LightMyRequestResponse>,
  callers: () => Record<MatrixPersona, RequestHeaders>,
): void {
  describe.each(Object.keys(calls))('%s', (name) => {
    it.each([
      ['anonymous', 401, 'JWT Token not found'],
      ['member', 403, 'forbidden'],
    ] as const)('refuses %s with %i', async (who, status, message) => {
      const res = await send(await calls[name]!(), callers()[who]);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ message });
    });

    it.each(['moderator', 'admin'] as const)('serves a %s', async (who) => {
      const res = await send(await calls[name]!(), callers()[who]);
      expect(res.statusCode, res.body).toBeLessThan(300);
    });
  });
}
