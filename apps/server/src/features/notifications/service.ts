import { notificationPageSize, notificationTypes, type NotificationList } from '@papo/contract/notifications';
import { rooms, type Notification } from '@papo/contract/socket-events';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { NotificationAbout } from '../push/index.js';
import { findNotificationPage, findRecentUnread, insertNotification, retypeNotification } from './repo.js';

/** How long after "X opened a conversation with you" a private message of X is still the same event (`/msg`). */
const openingWindowMs = 60_000;

/**
 * Stores a notification for `userTo` and pushes it live to every tab of theirs, under both names the
 * spec's clients listen for (`new_notification` from the push service, `new-notification` from the socket service).
 * Other features call this for their own triggers (mentions, level changes, kicks and bans); `by` names the member
 * behind it when the message does not. Then it is handed to web push (`about` tells it where and by whom), which
 * tells the member's devices when no tab shows the place.
 */
export async function notify(
  app: FastifyInstance,
  input: { userTo: number; type: string; message: string; by?: string; about?: NotificationAbout },
): Promise<Notification> {
  const notification = (await asOpeningsMessage(app, input)) ?? (await insertNotification(app.db, input));
  const room = app.io.to(rooms.user(input.userTo));
  room.emit('new_notification', notification);
  room.emit('new-notification', notification);
  // hand-built test nodes carry no push.
  if (app.hasDecorator('push')) app.push.notified(notification, input.about);
  return notification;
}

/**
 * A private message right after its sender opened the conversation is one event (`/msg` opens and sends at once, on
 * the web and over IRC): the opening's unread item becomes the message's, under the same id, so the bell holds one
 * item and a client that has the opening already keeps it, while push tells of the message.
 */
async function asOpeningsMessage(
  app: FastifyInstance,
  input: { userTo: number; type: string; message: string },
): Promise<Notification | undefined> {
  if (input.type !== notificationTypes.privateMessage) return undefined;
  const since = new Date(Date.now() - openingWindowMs).toISOString();
  const opening = await findRecentUnread(app.db, input.userTo, {
    type: notificationTypes.conversationOpened,
    message: input.message,
    since,
  });
  return opening && retypeNotification(app.db, input.userTo, opening.id, input.type);
}

/** One page of the user's notifications, newest first, with the unread count of all of them. */
export async function listNotificationPage(
  db: Kysely<Database>,
  userId: number,
  before?: number,
): Promise<NotificationList> {
  // one row more than a page tells whether older ones exist without a second count.
  const { notifications: rows, unreadCount } = await findNotificationPage(db, userId, {
    before,
    limit: notificationPageSize + 1,
  });
  return {
    status: 'success',
    notifications: rows.slice(0, notificationPageSize),
    unreadCount,
    hasMore: rows.length > notificationPageSize,
  };
}
