import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { insertFamily, revokeFamily } from './refresh-repo.js';
import { findAccountById } from './repo.js';
import { days, isoAt } from './secrets.js';
import type { SessionUser } from './sessions.js';

/**
 * An IRC link is a sign-in like a browser's (decision 037): a token family of kind `irc` without refresh tokens, so
 * the member sees it among their devices and can end it, and a sign-out of every device reaches it. Its bridge to the
 * node's Socket.IO carries an access token of that sign-in, renewed while the link lives.
 */
const linkLifetimeMs = days(30);

export async function startIrcLink(
  app: FastifyInstance,
  user: SessionUser,
): Promise<{ sessionId: string; token: string }> {
  const sessionId = randomUUID();
  const now = Date.now();
  await insertFamily(app.db, {
    id: sessionId,
    userId: user.id,
    expiresAt: isoAt(now + linkLifetimeMs),
    kind: 'irc',
    userAgent: null,
    lastSeenAt: null,
  });
  const token = await app.tokens.signAccessToken({
    userId: user.id,
    username: user.username,
    roles: user.roles,
    sessionId,
  });
  return { sessionId, token };
}

/**
 * A fresh access token for a live link, the account checked again (still there, still verified, this sign-in not
 * ended, its roles as they are now); undefined when the link must close.
 */
export async function renewIrcLinkToken(
  app: FastifyInstance,
  userId: number,
  sessionId: string,
): Promise<string | undefined> {
  const family = await app.db
    .selectFrom('refresh_token_families')
    .select(['revoked_at', 'expires_at'])
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const now = isoAt(Date.now());
  if (!family || family.revoked_at || family.expires_at <= now) return undefined;
  const account = await findAccountById(app.db, userId);
  if (!account?.verified) return undefined;
  await app.db.updateTable('refresh_token_families').set({ last_seen_at: now }).where('id', '=', sessionId).execute();
  return app.tokens.signAccessToken({ userId, username: account.username, roles: account.roles, sessionId });
}

/** The link has closed: its sign-in leaves the member's list. */
export async function endIrcLink(app: FastifyInstance, sessionId: string): Promise<void> {
  await revokeFamily(app.db, sessionId, isoAt(Date.now()));
}
