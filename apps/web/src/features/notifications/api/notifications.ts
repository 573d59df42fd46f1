import type { NotificationList, NotificationsMarked } from '@papo/contract/notifications';
import { apiFetch } from '../../../lib/api';

/** `GET /api/notifications`: the newest page, newest first. */
export function getNotifications(signal?: AbortSignal): Promise<NotificationList> {
  return apiFetch<NotificationList>('/api/notifications', { signal });
}

/** `POST /api/notifications/{id}/mark-as-read` (no body), sent after the local change (members-area §7). */
export function markNotificationRead(id: number): Promise<NotificationsMarked> {
  return apiFetch<NotificationsMarked>(`/api/notifications/${id}/mark-as-read`, { method: 'POST' });
}

/** `POST /api/notifications/mark-all-read` (empty). */
export function markAllNotificationsRead(): Promise<NotificationsMarked> {
  return apiFetch<NotificationsMarked>('/api/notifications/mark-all-read', { method: 'POST' });
}
