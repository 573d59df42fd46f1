import { randomUUID } from 'node:crypto';
import { roles } from '@papo/contract/auth';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Dialect } from '../db/database.js';
import type { Db } from '../db/schema.js';
import { insertFamily } from '../features/auth/refresh-repo.js';
import { days, isoAt } from '../features/auth/secrets.js';
import { insertUser } from '../features/users/repo.js';
import { hashPassword } from '../lib/passwords.js';
import { useTestApp } from './app.js';

/** A password that passes every rule; every built account has it unless told otherwise, for one hash per run. */
export const goodPassword = 'Lua-cheia-sobre-o-rio-42';
let goodHash: Promise<string> | undefined;

/** The roles of the three kinds of account. */
export const personas = {
  user: [roles.user],
  moderator: [roles.user, roles.moderator],
  admin: [roles.user, roles.admin],
} as const;

export interface TestUser {
  id: number;
  username: string;
  /** The sign-in `token` belongs to. */
  sessionId: string;
  token: string;
  /** `Authorization: Bearer <token>` for `app.inject`. */
  headers: { authorization: string };
}

export interface UserOptions {
  /** Unique per call when absent (`user1`, `user2`, …). */
  username?: string;
  name?: string;
  /** `<username>@example.com` (lower case) when absent. */
  email?: string;
  roles?: readonly string[];
  verified?: boolean;
  language?: string;
  /** The hash of `goodPassword` when absent; null for an account without a password (Google only). */
  passwordHash?: string | null;
}

let built = 0;

/**
 * A live sign-in of the member (a browser's token family without refresh tokens), for tests that sign access tokens
 * themselves: a token must name one that exists to be accepted. Its id (random unless given) is the token's `sessionId`.
 */
export async function insertSignIn(db: Db, userId: number, sessionId: string = randomUUID()): Promise<string> {
  const expiresAt = isoAt(Date.now() + days(30));
  await insertFamily(db, { id: sessionId, userId, expiresAt, kind: 'web', userAgent: null, lastSeenAt: null });
  return sessionId;
}

/** An account inserted directly (verified unless told otherwise) that has never signed in. */
export async function buildAccount(
  app: FastifyInstance,
  opts: UserOptions = {},
): Promise<{ id: number; username: string; roles: string[] }> {
  const username = opts.username ?? `user${++built}`;
  const userRoles = [...(opts.roles ?? personas.user)];
  goodHash ??= hashPassword(goodPassword);
  const id = await insertUser(app.db, {
    name: opts.name ?? `Name of ${username}`,
    username,
    email: opts.email ?? `${username.toLowerCase()}@example.com`,
    passwordHash: opts.passwordHash === undefined ? await goodHash : opts.passwordHash,
    roles: userRoles,
    verified: opts.verified ?? true,
    language: opts.language,
  });
  return { id, username, roles: userRoles };
}

/**
 * The one way server tests make a signed-in account: `buildAccount` with a sign-in of its own (listed among its
 * devices, and a device before any later sign-in), an access token of it and its Bearer header. A test of what a
 * first sign-in does uses `buildAccount`.
 */
export async function buildUser(app: FastifyInstance, opts: UserOptions = {}): Promise<TestUser> {
  const { id, username, roles: userRoles } = await buildAccount(app, opts);
  const sessionId = await insertSignIn(app.db, id);
  const token = await app.tokens.signAccessToken({ userId: id, username, roles: userRoles, sessionId });
  return { id, username, sessionId, token, headers: { authorization: `Bearer ${token}` } };
}

/** The callers of an authorization matrix: nobody, a member, a moderator and an admin. */
export type MatrixPersona = 'anonymous' | 'member' | 'moderator' | 'admin';
export type RequestHeaders = Record<string, string>;

/**
 * One account of each kind with the request headers each sends (anonymous sends none), for tests that try every
 * call as every kind of caller. `names` are the usernames of the member, the moderator and the admin.
 */
export async function buildMatrixCallers(
  app: FastifyInstance,
  names: { member: string; moderator: string; admin: string },
): Promise<Record<MatrixPersona, RequestHeaders>> {
  const [member, moderator, admin] = await Promise.all([
    buildUser(app, { username: names.member }),
    buildUser(app, { username: names.moderator, roles: personas.moderator }),
    buildUser(app, { username: names.admin, roles: personas.admin }),
  ]);
  return { anonymous: {}, member: member.headers, moderator: moderator.headers, admin: admin.headers };
}

/** `app.inject` with the caller's headers added to the request's own. */
export function injectAs(app: FastifyInstance) {
  return (opts: InjectOptions, headers: RequestHeaders) =>
    app.inject({ ...opts, headers: { ...opts.headers, ...headers } });
}

/**
 * The app of a block whose tests each act as a member of their own (`member()`: usernames `<prefix>1`, `<prefix>2`…,
 * so set-once fields start empty): post a JSON body as them, read their profile back.
 */
export function useMemberSuite(dialect: Dialect, usernamePrefix: string) {
  const test = useTestApp({ dialect });
  let count = 0;
  return {
    get app(): FastifyInstance {
      return test.app;
    },
    get dataDir(): string {
      return test.dataDir;
    },
    member: (name?: string) => buildUser(test.app, { username: `${usernamePrefix}${++count}`, name }),
    post: (user: TestUser, url: string, payload: unknown) =>
      test.app.inject({ method: 'POST', url, headers: user.headers, payload: payload as object }),
    profileOf: async (user: TestUser) =>
      (await test.app.inject({ method: 'GET', url: '/api/userprofile', headers: user.headers })).json(),
  };
}
