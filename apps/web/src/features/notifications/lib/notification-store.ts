import type { Notification } from '@papo/contract/socket-events';
import { useSyncExternalStore } from 'react';

export interface NotificationState {
  /** Newest first. */
  notifications: Notification[];
  unreadCount: number;
}

const emptyState: NotificationState = { notifications: [], unreadCount: 0 };

/**
 * The bell's list and unread count, changed only by the rules of members-area §4: adding an unread one
 * raises the count; marking one read lowers it once, and only if it was unread; replacing the list
 * recomputes the count; clearing empties it and sets 0.
 */
export function createNotificationStore() {
  let state = emptyState;
  /**
   * Ids marked read here that the server had not yet shown as read: a list read while the mark-as-read
   * call was on its way must not bring them back as unread. Each leaves once a list shows it read.
   */
  const readHere = new Set<number>();
  const listeners = new Set<() => void>();
  const set = (next: NotificationState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** A notification already held (the server sends each under two event names) changes nothing. */
    add(notification: Notification) {
      if (state.notifications.some((held) => held.id === notification.id)) return;
      const notifications = [notification, ...state.notifications].sort((a, b) => b.id - a.id);
      set({ notifications, unreadCount: state.unreadCount + (notification.isRead ? 0 : 1) });
    },
    /** True when the notification was unread (and the server should be told). */
    markRead(id: number): boolean {
      const target = state.notifications.find((held) => held.id === id);
      if (!target || target.isRead) return false;
      readHere.add(id);
      set({
        notifications: state.notifications.map((held) => (held === target ? { ...held, isRead: true } : held)),
        unreadCount: Math.max(0, state.unreadCount - 1),
      });
      return true;
    },
    markAllRead() {
      for (const held of state.notifications) if (!held.isRead) readHere.add(held.id);
      set({
        notifications: state.notifications.map((held) => (held.isRead ? held : { ...held, isRead: true })),
        unreadCount: 0,
      });
    },
    replace(list: Notification[]) {
      for (const held of list) if (held.isRead) readHere.delete(held.id);
      const notifications = list.map((held) =>
        !held.isRead && readHere.has(held.id) ? { ...held, isRead: true } : held,
      );
      set({ notifications, unreadCount: notifications.filter((held) => !held.isRead).length });
    },
    clear() {
      readHere.clear();
      set(emptyState);
    },
  };
}

export type NotificationStore = ReturnType<typeof createNotificationStore>;

/** The tab's one store (the spec's shared client state `notifications` and `unreadCount`). */
export const notificationStore = createNotificationStore();

export function useNotificationState(store: NotificationStore = notificationStore): NotificationState {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
