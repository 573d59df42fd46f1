import { notificationRoutes } from '@papo/contract/browser-routes/notifications';
import type { NotificationList, NotificationsMarked } from '@papo/contract/notifications';
import { api } from '../../../lib/api';

/** `GET /api/notifications`: the newest page, newest first. */
export function getNotifications(signal?: AbortSignal): Promise<NotificationList> {
  return api(notificationRoutes.list, { signal });
}

/** `POST /api/notifications/{id}/mark-as-read` (no body), sent after the local change (members-area §7). */
export function markNotificationRead(id: number): Promise<NotificationsMarked> {
  return api(notificationRoutes.markRead, { params: { id } });
}

/** `POST /api/notifications/mark-all-read` (empty). */
export function markAllNotificationsRead(): Promise<NotificationsMarked> {
  return api(notificationRoutes.markAllRead);
}
