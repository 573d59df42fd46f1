import type { Notification } from '@papo/contract/socket-events';
import type { Kysely, Selectable } from 'kysely';
import { reusableQuery, reusableQueryOf } from '../../db/reusable-query.js';
import type { Database, NotificationsTable } from '../../db/schema.js';
import { fromFlag } from '../../db/values.js';

type Db = Kysely<Database>;

const columns = ['id', 'user_to', 'type', 'message', 'actor', 'is_read', 'created_at'] as const;

function toNotification(row: Selectable<NotificationsTable>): Notification {
  return {
    id: row.id,
    type: row.type,
    message: row.message,
    ...(row.actor === null ? {} : { by: row.actor }),
    isRead: fromFlag(row.is_read),
    userTo: row.user_to,
    createdAt: row.created_at,
  };
}

export async function insertNotification(
  db: Db,
  input: { userTo: number; type: string; message: string; by?: string },
): Promise<Notification> {
  const row = await db
    .insertInto('notifications')
    .values({ user_to: input.userTo, type: input.type, message: input.message, actor: input.by ?? null })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return toNotification(row);
}

/** The user's newest unread notification of `type` with `message`, made at or after `since` (ISO text). */
export async function findRecentUnread(
  db: Db,
  userId: number,
  item: { type: string; message: string; since: string },
): Promise<Notification | undefined> {
  const row = await db
    .selectFrom('notifications')
    .select(columns)
    .where('user_to', '=', userId)
    .where('is_read', '=', 0)
    .where('type', '=', item.type)
    .where('message', '=', item.message)
    .where('created_at', '>=', item.since)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && toNotification(row);
}

/** Gives one of the user's notifications another type (the same event told better); undefined when it is gone. */
export async function retypeNotification(
  db: Db,
  userId: number,
  id: number,
  type: string,
): Promise<Notification | undefined> {
  const row = await db
    .updateTable('notifications')
    .set({ type })
    .where('id', '=', id)
    .where('user_to', '=', userId)
    .returning(columns)
    .executeTakeFirst();
  return row && toNotification(row);
}

/**
 * One page of the user's notifications, newest first (`limit` of them, optionally only those older than
 * `before`), with the unread count of all of them. The first page, which every page load asks for, is one
 * query: without any notification nothing is unread, so an empty page answers 0. Compiled once (decision 020).
 */
export async function findNotificationPage(
  db: Db,
  userId: number,
  page: { before?: number; limit: number },
): Promise<{ notifications: Notification[]; unreadCount: number }> {
  if (page.before === undefined) {
    const rows = await firstPageQuery(db, userId, page.limit);
    return { notifications: rows.map(toNotification), unreadCount: Number(rows[0]?.unread ?? 0) };
  }
  const [rows, unreadCount] = await Promise.all([
    olderPageQuery(db, userId, page.before, page.limit),
    countUnread(db, userId),
  ]);
  return { notifications: rows.map(toNotification), unreadCount };
}

const firstPageQuery = reusableQueryOf(['number', 'number'], (db: Db, userId: number, limit: number) =>
  db
    .selectFrom('notifications')
    .select(columns)
    .select((eb) =>
      eb
        .selectFrom('notifications as unread')
        .select((count) => count.fn.countAll<number>().as('count'))
        .where('unread.user_to', '=', userId)
        .where('unread.is_read', '=', 0)
        .as('unread'),
    )
    .where('user_to', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit),
);

const olderPageQuery = reusableQueryOf(
  ['number', 'number', 'number'],
  (db: Db, userId: number, before: number, limit: number) =>
    db
      .selectFrom('notifications')
      .select(columns)
      .where('user_to', '=', userId)
      .where('id', '<', before)
      .orderBy('id', 'desc')
      .limit(limit),
);

export async function countUnread(db: Db, userId: number): Promise<number> {
  const [row] = await unreadQuery(db, userId);
  return Number(row?.count ?? 0);
}

// read on every page load (the bell): compiled once (decision 012).
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
  await db
    .updateTable('notifications')
    .set({ is_read: 1 })
    .where('user_to', '=', userId)
    .where('is_read', '=', 0)
    .execute();
}

/** The account registered with this e-mail address (case-insensitive). */
export async function findUserIdByEmail(db: Db, email: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email_lower', '=', email.toLowerCase())
    .executeTakeFirst();
  return row?.id;
}
