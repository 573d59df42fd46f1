import type { ConversationSummary, ConversationUser } from '@papo/contract/conversations';
import { sql, type Kysely } from 'kysely';
import { reusableQuery } from '../../db/reusable-query.js';
import type { Database } from '../../db/schema.js';
import { memberName } from '../../db/member-name.js';

type Db = Kysely<Database>;

export interface ConversationPair {
  id: number;
  userA: number;
  userB: number;
}

/** The two ids in the order the table stores them. */
function orderedPair(one: number, other: number): [number, number] {
  return one < other ? [one, other] : [other, one];
}

export async function findMembers(db: Db, ids: readonly number[]): Promise<ConversationUser[]> {
  if (!ids.length) return [];
  return db
    .selectFrom('users')
    .select((eb) => ['users.id', memberName(eb).as('name')])
    .where('users.id', 'in', ids)
    .orderBy('users.id')
    .execute();
}

export async function findConversation(db: Db, id: number): Promise<ConversationPair | undefined> {
  const row = await db
    .selectFrom('conversations')
    .select(['id', 'user_a', 'user_b'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { id: row.id, userA: row.user_a, userB: row.user_b };
}

/**
 * The pair's conversation, created when it does not exist yet; two racing requests get the same one, and only the
 * one that created it hears `created`.
 */
export async function findOrCreateConversation(
  db: Db,
  one: number,
  other: number,
): Promise<{ id: number; created: boolean }> {
  const [userA, userB] = orderedPair(one, other);
  const inserted = await db
    .insertInto('conversations')
    .values({ user_a: userA, user_b: userB })
    .onConflict((oc) => oc.columns(['user_a', 'user_b']).doNothing())
    .executeTakeFirst();
  const created = inserted.numInsertedOrUpdatedRows !== 0n;
  const row = await db
    .selectFrom('conversations')
    .select('id')
    .where('user_a', '=', userA)
    .where('user_b', '=', userB)
    .executeTakeFirstOrThrow();
  return { id: row.id, created };
}

/** Whether either of the two blocked the other. */
export async function isBlockedEitherWay(db: Db, one: number, other: number): Promise<boolean> {
  const row = await db
    .selectFrom('blocks')
    .select('blocker_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_id', '=', one), eb('blocked_id', '=', other)]),
        eb.and([eb('blocker_id', '=', other), eb('blocked_id', '=', one)]),
      ]),
    )
    .executeTakeFirst();
  return Boolean(row);
}

/** The user's conversations, most recent activity first, with what each holds unread for them. */
export async function listConversations(db: Db, userId: number): Promise<ConversationSummary[]> {
  const rows = await conversationsQuery(db, userId);
  return rows.map((row) => ({
    id: row.id,
    name: row.other_name,
    user: { id: row.other_id, name: row.other_name },
    lastMessageAt: row.last_message_at,
    unread: Number(row.unread ?? 0),
  }));
}

/**
 * Conversations (`c`) each joined to its other member's `users` row, as `userId` sees them; the caller chooses which
 * (`c.user_a` or `c.user_b` = `userId`).
 */
export function conversationsWithOther(db: Db, userId: number) {
  return db
    .selectFrom('conversations as c')
    .innerJoin('users', (join) =>
      join.on((eb) =>
        eb(
          'users.id',
          '=',
          eb.case().when('c.user_a', '=', userId).then(eb.ref('c.user_b')).else(eb.ref('c.user_a')).end(),
        ),
      ),
    );
}

// read on every page load (the sidebar); building this query cost more than running it, so it is compiled once (decision 012).
const conversationsQuery = reusableQuery((db, userId) =>
  conversationsWithOther(db, userId)
    .leftJoin('conversation_reads as r', (join) =>
      join.onRef('r.conversation_id', '=', 'c.id').on('r.user_id', '=', userId),
    )
    .select((eb) => [
      'c.id',
      'c.last_message_at',
      'users.id as other_id',
      memberName(eb).as('other_name'),
      eb
        .selectFrom('conversation_messages as m')
        .select((sub) => sub.fn.countAll<number>().as('count'))
        .whereRef('m.conversation_id', '=', 'c.id')
        .where('m.sender_id', '!=', userId)
        .where('m.id', '>', (sub) => sub.fn.coalesce('r.last_read_message_id', sql.lit(0)))
        .as('unread'),
    ])
    .where((eb) => eb.or([eb('c.user_a', '=', userId), eb('c.user_b', '=', userId)]))
    .orderBy(sql`coalesce(c.last_message_at, c.created_at)`, 'desc')
    .orderBy('c.id', 'desc'),
);

/** Moves the user's read marker to the conversation's newest message; it never moves back. */
export async function markConversationRead(db: Db, conversationId: number, userId: number): Promise<void> {
  const newest = await db
    .selectFrom('conversation_messages')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('conversation_id', '=', conversationId)
    .executeTakeFirst();
  if (newest?.id == null) return;
  await db
    .insertInto('conversation_reads')
    .values({ conversation_id: conversationId, user_id: userId, last_read_message_id: newest.id })
    .onConflict((oc) =>
      oc
        .columns(['conversation_id', 'user_id'])
        .doUpdateSet({ last_read_message_id: (eb) => eb.ref('excluded.last_read_message_id') })
        .where('conversation_reads.last_read_message_id', '<', newest.id),
    )
    .executeTakeFirst();
}
