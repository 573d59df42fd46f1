import type { Notification } from '@papo/contract/socket-events';
import type { Kysely, Selectable } from 'kysely';
import { reusableQuery } from '../../db/reusable-query.js';
import type { Database, NotificationsTable } from '../../db/schema.js';
import { fromFlag } from '../../db/values.js';

type Db = Kysely<Database>;

const columns = ['id', 'user_to', 'type', 'message', 'is_read', 'created_at'] as const;

function toNotification(row: Selectable<NotificationsTable>): Notification {
  return {
    id: row.id,
    type: row.type,
    message: row.message,
    isRead: fromFlag(row.is_read),
    userTo: row.user_to,
    createdAt: row.created_at,
  };
}

export async function insertNotification(db: Db, input: { userTo: number; type: string; message: string }): Promise<Notification> {
  const row = await db
    .insertInto('notifications')
    .values({ user_to: input.userTo, type: input.type, message: input.message })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return toNotification(row);
}

/** Up to `limit` of the user's notifications, newest first, optionally only those older than `before`. */
export async function listNotifications(db: Db, userId: number, page: { before?: number; limit: number }): Promise<Notification[]> {
  const rows = await db
    .selectFrom('notifications')
    .select(columns)
    .where('user_to', '=', userId)
    .$if(page.before !== undefined, (qb) => qb.where('id', '<', page.before!))
    .orderBy('id', 'desc')
    .limit(page.limit)
    .execute();
  return rows.map(toNotification);
}

export async function countUnread(db: Db, userId: number): Promise<number> {
  const [row] = await unreadQuery(db, userId);
  return Number(row?.count ?? 0);
}

// NOTE: read on every page load (the bell): compiled once (decision 012).
const unreadQuery = reusableQuery((db, userId) =>
  db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_to', '=', userId)
    .where('is_read', '=', 0),
);

/** Marks one of the user's own notifications read; false when the user has none with that id. */
export async function markNotificationRead(db: Db, userId: number, id: number): Promise<boolean> {
  const row = await db
    .updateTable('notifications')
    .set({ is_read: 1 })
    .where('id', '=', id)
    .where('user_to', '=', userId)
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

export async function markAllNotificationsRead(db: Db, userId: number): Promise<void> {
  await db.updateTable('notifications').set({ is_read: 1 }).where('user_to', '=', userId).where('is_read', '=', 0).execute();
}

/** The account registered with this e-mail address (case-insensitive). */
export async function findUserIdByEmail(db: Db, email: string): Promise<number | undefined> {
  const row = await db.selectFrom('users').select('id').where('email_lower', '=', email.toLowerCase()).executeTakeFirst();
  return row?.id;
}
