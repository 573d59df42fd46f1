import { z } from 'zod';
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

/** Answer of `GET /api/notifications`: newest first. */
export interface NotificationList {
  status: 'success';
  notifications: Notification[];
  /** Unread notifications of the user in all, not only on this page. */
  unreadCount: number;
  /** Older notifications exist beyond this page. */
  hasMore: boolean;
}

/** Answer of both mark-as-read calls. */
export interface NotificationsMarked {
  status: 'success';
  unreadCount: number;
}
