import { z } from 'zod';
import { apiRoute } from './api-route.js';
import { idParam } from './ids.js';
import type { Notification } from './socket-events.js';

/** Notifications and the header bell (members-area §2 Header, §3 Notification, §4, §7). */

/** Notifications per page of `GET /api/notifications`. */
export const notificationPageSize = 50;

/** Translation keys of the notifications this feature creates; `message` is the name each inserts. */
export const notificationTypes = {
  /** A private message arrived while the recipient was not viewing the conversation; message: the sender's nickname. */
  privateMessage: 'new_private_message',
  /** Another member opened a conversation with the user (`add-conversation`); message: their nickname. */
  conversationOpened: 'conversation_opened',
  /** Staff answered the user's contact message; message: the staff member's username. */
  contactReplied: 'contact_replied',
} as const;

/** Query of `GET /api/notifications`: `before` pages to older ones. */
export const notificationListQuery = z.object({ before: idParam('invalid_before').optional() });

export const notificationParams = z.object({ id: idParam('invalid_notification_id') });

/** One notification, in the shape the socket's `new-notification` event carries too. */
const notification = z.object({
  id: z.number(),
  type: z.string(),
  message: z.string(),
  by: z.string().optional(),
  isRead: z.boolean(),
  userTo: z.number(),
  createdAt: z.string(),
}) satisfies z.ZodType<Notification>;

/** Answer of `GET /api/notifications`: newest first. */
export const notificationListAnswer = z.object({
  status: z.literal('success'),
  notifications: z.array(notification),
  /** Unread notifications of the user in all, not only on this page. */
  unreadCount: z.number(),
  /** Older notifications exist beyond this page. */
  hasMore: z.boolean(),
});
export type NotificationList = z.infer<typeof notificationListAnswer>;

/** Answer of both mark-as-read calls. */
export const notificationsMarkedAnswer = z.object({ status: z.literal('success'), unreadCount: z.number() });
export type NotificationsMarked = z.infer<typeof notificationsMarkedAnswer>;

/** The bell's calls, members only. */
export const notificationRoutes = {
  list: apiRoute({
    method: 'GET',
    path: '/api/notifications',
    query: notificationListQuery,
    answer: notificationListAnswer,
    auth: 'member',
  }),
  /** The member's own only: someone else's answers 404 like a missing one. */
  markRead: apiRoute({
    method: 'POST',
    path: '/api/notifications/:id/mark-as-read',
    params: notificationParams,
    answer: notificationsMarkedAnswer,
    auth: 'member',
  }),
  markAllRead: apiRoute({
    method: 'POST',
    path: '/api/notifications/mark-all-read',
    answer: notificationsMarkedAnswer,
    auth: 'member',
  }),
};
