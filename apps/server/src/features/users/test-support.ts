import type { FastifyInstance } from 'fastify';
import { insertUser } from './repo.js';

export interface TestUser {
  id: number;
  username: string;
  token: string;
  /** `Authorization: Bearer <token>` for `app.inject`. */
  headers: { authorization: string };
}

/** A verified member created through `insertUser`, with a signed access token (no password needed). */
export async function createTestUser(
  app: FastifyInstance,
  opts: { username: string; name?: string; roles?: string[] },
): Promise<TestUser> {
  const roles = opts.roles ?? ['ROLE_USER'];
  const id = await insertUser(app.db, {
    name: opts.name ?? `Name of ${opts.username}`,
    username: opts.username,
    email: `${opts.username.toLowerCase()}@example.com`,
    passwordHash: null,
    roles,
    verified: true,
  });
  const token = await app.tokens.signAccessToken({ userId: id, username: opts.username, roles });
  return { id, username: opts.username, token, headers: { authorization: `Bearer ${token}` } };
}
