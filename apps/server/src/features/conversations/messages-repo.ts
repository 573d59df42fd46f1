import type { PrivateMessage } from '@papo/contract/conversations';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { memberName } from '../../db/member-name.js';

type Db = Kysely<Database>;

export interface MessageWindow {
  before?: number;
  after?: number;
  limit: number;
}

/**
 * Up to `limit` messages in chronological order: the newest ones, the newest ones older than `before`,
 * or the oldest ones newer than `after` (so a client catching up pages forward without gaps).
 */
export async function listMessages(db: Db, conversationId: number, window: MessageWindow): Promise<PrivateMessage[]> {
  const forward = window.after !== undefined;
  let query = db
    .selectFrom('conversation_messages as m')
    .innerJoin('users', 'users.id', 'm.sender_id')
    .select((eb) => ['m.id', 'm.content', 'm.sender_id', 'm.created_at', memberName(eb).as('name')])
    .where('m.conversation_id', '=', conversationId);
  if (window.before !== undefined) query = query.where('m.id', '<', window.before);
  if (window.after !== undefined) query = query.where('m.id', '>', window.after);
  const rows = await query
    .orderBy('m.id', forward ? 'asc' : 'desc')
    .limit(window.limit)
    .execute();
  if (!forward) rows.reverse();
  return rows.map((row) => ({
    id: row.id,
    content: row.content,
    senderId: row.sender_id,
    senderName: row.name,
    timestamp: row.created_at,
  }));
}

/** Stores a message and moves the conversation's last activity to it, together. */
export async function insertMessage(
  db: Db,
  message: { conversationId: number; senderId: number; content: string },
): Promise<{ id: number; timestamp: string }> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('conversation_messages')
      .values({ conversation_id: message.conversationId, sender_id: message.senderId, content: message.content })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('conversations')
      .set({ last_message_at: row.created_at })
      .where('id', '=', message.conversationId)
      .execute();
    return { id: row.id, timestamp: row.created_at };
  });
}
