import { pushKinds, type PushKind } from '@papo/contract/push';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database>;

/** A device to push to. */
export interface StoredSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  kinds: PushKind[];
  language: string;
}

const knownKinds: ReadonlySet<string> = new Set(pushKinds);

function kindsOf(text: string): PushKind[] {
  return text.split(',').filter((kind): kind is PushKind => knownKinds.has(kind));
}

/** Devices one member may receive push on; subscribing one more forgets the oldest. */
export const maxDevicesPerMember = 20;

/**
 * Stores the device for the member, forgetting their oldest beyond `maxDevicesPerMember`. An endpoint is one browser profile: subscribed again, by the same member
 * or by another one who signed in on it, it is that member's, with the newest keys and choices.
 */
export async function saveSubscription(
  db: Db,
  input: {
    userId: number;
    endpoint: string;
    p256dh: string;
    auth: string;
    kinds: readonly PushKind[];
    language: string;
    sessionId: string | null;
  },
): Promise<void> {
  const values = {
    user_id: input.userId,
    p256dh: input.p256dh,
    auth: input.auth,
    kinds: input.kinds.join(','),
    language: input.language,
    session_id: input.sessionId,
  };
  await db
    .insertInto('push_subscriptions')
    .values({ ...values, endpoint: input.endpoint })
    .onConflict((conflict) => conflict.column('endpoint').doUpdateSet(values))
    .execute();
  const kept = db
    .selectFrom('push_subscriptions')
    .select('id')
    .where('user_id', '=', input.userId)
    .orderBy('id', 'desc')
    .limit(maxDevicesPerMember);
  await db.deleteFrom('push_subscriptions').where('user_id', '=', input.userId).where('id', 'not in', kept).execute();
}

/** Removes the member's device; false when the member has none with this endpoint. */
export async function deleteSubscription(db: Db, userId: number, endpoint: string): Promise<boolean> {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Forgets a device the push service no longer knows (404/410), whoever it belonged to. */
export async function forgetEndpoint(db: Db, endpoint: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute();
}

/** The member's devices that want notifications of this kind. */
export async function subscriptionsFor(db: Db, userId: number, kind: PushKind): Promise<StoredSubscription[]> {
  const rows = await db
    .selectFrom('push_subscriptions')
    .select(['endpoint', 'p256dh', 'auth', 'kinds', 'language'])
    .where('user_id', '=', userId)
    .execute();
  return rows
    .map((row) => ({
      endpoint: row.endpoint,
      keys: { p256dh: row.p256dh, auth: row.auth },
      kinds: kindsOf(row.kinds),
      language: row.language,
    }))
    .filter((subscription) => subscription.kinds.includes(kind));
}

/**
 * Forgets the member's devices a sign-out ended: those subscribed from `sessionId`, or every one but those of
 * `keepSessionId` (and every one when neither is given).
 */
export async function forgetDevicesOfSessions(
  db: Db,
  userId: number,
  which: { sessionId?: string; keepSessionId?: string },
): Promise<void> {
  const { sessionId, keepSessionId } = which;
  await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .$if(sessionId !== undefined, (query) => query.where('session_id', '=', sessionId ?? ''))
    .$if(keepSessionId !== undefined, (query) =>
      query.where((eb) => eb.or([eb('session_id', 'is', null), eb('session_id', '!=', keepSessionId ?? '')])),
    )
    .execute();
}
