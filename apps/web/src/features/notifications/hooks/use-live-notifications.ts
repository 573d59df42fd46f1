import type { Notification } from '@papo/contract/socket-events';
import { useCallback, useEffect } from 'react';
import { getSocket } from '../../../lib/socket';
import { getNotifications } from '../api/notifications';
import { notificationStore, type NotificationStore } from '../lib/notification-store';

/** Both event names carry each notification; one reload serves the pair. */
const reloadDelayMs = 150;

/**
 * Keeps the bell's store in step for the signed-in member: loads the list, and on a live
 * `new_notification` / `new-notification` addressed to them adds it and reloads the list
 * (members-area §4), and reads it again after a reconnect. Leaving (logout) clears it. Returns the reload,
 * for opening the dropdown.
 */
export function useLiveNotifications(
  userId: number | null,
  store: NotificationStore = notificationStore,
): () => Promise<void> {
  const reload = useCallback(async () => {
    const answer = await getNotifications();
    store.replace(answer.notifications);
  }, [store]);

  useEffect(() => {
    if (userId === null) return;
    const socket = getSocket();
    let pending: ReturnType<typeof setTimeout> | undefined;
    const onNotification = (notification: Notification) => {
      if (notification.userTo !== userId) return;
      store.add(notification);
      clearTimeout(pending);
      pending = setTimeout(() => void reload().catch(() => undefined), reloadDelayMs);
    };
    // after a dropped connection the list is read again: notifications sent meanwhile were not heard.
    const onReconnect = () => void reload().catch(() => undefined);
    onReconnect();
    socket.on('new_notification', onNotification);
    socket.on('new-notification', onNotification);
    socket.io.on('reconnect', onReconnect);
    return () => {
      clearTimeout(pending);
      socket.off('new_notification', onNotification);
      socket.off('new-notification', onNotification);
      socket.io.off('reconnect', onReconnect);
      store.clear();
    };
  }, [userId, reload, store]);

  return reload;
}
