import type { Notification } from '@papo/contract/socket-events';
import { describe, expect, it } from 'vitest';
import { createNotificationStore } from './notification-store';

function notification(id: number, isRead = false): Notification {
  return { id, type: 'mention', message: '#barra', isRead, userTo: 1, createdAt: '2026-11-21T10:00:00.000Z' };
}

describe('notification count rules (members-area §4)', () => {
  it('adding an unread notification raises the count; adding a read one does not', () => {
    const store = createNotificationStore();
    store.add(notification(1));
    expect(store.getState().unreadCount).toBe(1);
    store.add(notification(2, true));
    expect(store.getState().unreadCount).toBe(1);
    expect(store.getState().notifications.map((n) => n.id)).toEqual([2, 1]);
  });

  it('adding the same notification twice (both event names) counts it once', () => {
    const store = createNotificationStore();
    store.add(notification(5));
    store.add(notification(5));
    expect(store.getState()).toMatchObject({ unreadCount: 1, notifications: [{ id: 5 }] });
  });

  it('marking one read lowers the count once, and only if it was unread', () => {
    const store = createNotificationStore();
    store.replace([notification(3), notification(2, true), notification(1)]);
    expect(store.getState().unreadCount).toBe(2);
    expect(store.markRead(3)).toBe(true);
    expect(store.getState().unreadCount).toBe(1);
    expect(store.markRead(3)).toBe(false);
    expect(store.markRead(2)).toBe(false);
    expect(store.markRead(99)).toBe(false);
    expect(store.getState().unreadCount).toBe(1);
    expect(store.getState().notifications.find((n) => n.id === 3)?.isRead).toBe(true);
  });

  it('replacing the list recomputes the count from it', () => {
    const store = createNotificationStore();
    store.add(notification(1));
    store.add(notification(2));
    store.replace([notification(7), notification(6, true)]);
    expect(store.getState()).toMatchObject({ unreadCount: 1, notifications: [{ id: 7 }, { id: 6 }] });
  });

  it('clearing empties the list and sets the count to 0', () => {
    const store = createNotificationStore();
    store.replace([notification(1), notification(2)]);
    store.clear();
    expect(store.getState()).toEqual({ notifications: [], unreadCount: 0 });
  });

  it('marking all read keeps the list and sets the count to 0', () => {
    const store = createNotificationStore();
    store.replace([notification(1), notification(2)]);
    store.markAllRead();
    expect(store.getState().unreadCount).toBe(0);
    expect(store.getState().notifications.every((n) => n.isRead)).toBe(true);
  });

  it('keeps what was marked read here when a list read before the server caught up says unread', () => {
    const store = createNotificationStore();
    store.replace([notification(2), notification(1)]);
    store.markRead(2);
    store.replace([notification(3), notification(2), notification(1)]);
    expect(store.getState().unreadCount).toBe(2);
    expect(store.getState().notifications.find((n) => n.id === 2)?.isRead).toBe(true);
    store.replace([notification(2, true)]);
    store.replace([notification(2)]);
    expect(store.getState().unreadCount).toBe(1);
  });

  it('keeps all marked read here after an outside click, until the server shows them read', () => {
    const store = createNotificationStore();
    store.replace([notification(2), notification(1)]);
    store.markAllRead();
    store.replace([notification(2), notification(1), notification(4)]);
    expect(store.getState().unreadCount).toBe(1);
  });

  it('tells subscribers about each change', () => {
    const store = createNotificationStore();
    let calls = 0;
    const unsubscribe = store.subscribe(() => calls++);
    store.add(notification(1));
    store.markRead(1);
    unsubscribe();
    store.clear();
    expect(calls).toBe(2);
  });
});
