import type { Db } from '../../db/schema.js';

/** A presented refresh token with the state of its family. */
export interface RefreshTokenRecord {
  id: number;
  usedAt: string | null;
  familyId: string;
  familyExpiresAt: string;
  familyRevokedAt: string | null;
  userId: number;
}

export async function insertFamily(
  db: Db,
  family: {
    id: string;
    userId: number;
    expiresAt: string;
    kind: 'web' | 'irc';
    userAgent: string | null;
    lastSeenAt: string | null;
  },
): Promise<void> {
  await db
    .insertInto('refresh_token_families')
    .values({
      id: family.id,
      user_id: family.userId,
      expires_at: family.expiresAt,
      kind: family.kind,
      user_agent: family.userAgent,
      last_seen_at: family.lastSeenAt,
    })
    .execute();
}

/** Notes that the sign-in was used now (a refresh), for the member's list of devices. */
export async function touchFamily(db: Db, familyId: string, at: string): Promise<void> {
  await db.updateTable('refresh_token_families').set({ last_seen_at: at }).where('id', '=', familyId).execute();
}

export async function insertRefreshToken(db: Db, familyId: string, tokenHash: string): Promise<void> {
  await db.insertInto('refresh_tokens').values({ family_id: familyId, token_hash: tokenHash }).execute();
}

export async function findRefreshToken(db: Db, tokenHash: string): Promise<RefreshTokenRecord | undefined> {
  const row = await db
    .selectFrom('refresh_tokens as t')
    .innerJoin('refresh_token_families as f', 'f.id', 't.family_id')
    .select(['t.id', 't.used_at', 'f.id as family_id', 'f.expires_at', 'f.revoked_at', 'f.user_id'])
    .where('t.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    usedAt: row.used_at,
    familyId: row.family_id,
    familyExpiresAt: row.expires_at,
    familyRevokedAt: row.revoked_at,
    userId: row.user_id,
  };
}

/** Marks a token used unless it already was; false means another request used it first. */
export async function markRefreshTokenUsed(db: Db, tokenId: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ used_at: at })
    .where('id', '=', tokenId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function revokeFamily(db: Db, familyId: string, at: string): Promise<void> {
  await db
    .updateTable('refresh_token_families')
    .set({ revoked_at: at })
    .where('id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every session of an account but `keepId`'s (password reset or change, claimed account, sign-out of every device). */
export async function revokeFamiliesOfUser(db: Db, userId: number, at: string, keepId?: string): Promise<void> {
  await db
    .updateTable('refresh_token_families')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .$if(keepId !== undefined, (query) => query.where('id', '!=', keepId ?? ''))
    .execute();
}

/** The ids of the member's sign-ins not yet ended. */
export async function liveFamilyIds(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('refresh_token_families')
    .select('id')
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
  return rows.map((row) => row.id);
}
