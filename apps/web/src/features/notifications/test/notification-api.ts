import type { Notification } from '@papo/contract/socket-events';
import { json, mockApi, route } from '../../../test/fake-api';

export function notification(id: number, type: string, message: string, isRead = false): Notification {
  return { id, type, message, isRead, userTo: 1, createdAt: new Date(Date.now() - id * 60_000).toISOString() };
}

/**
 * The bell's server over `held` (a test may add to it): GET /api/notifications lists it, the mark calls
 * mark it (once `markGate`, when given, opens), anything else not in `extra` is a 404.
 */
export function mockBellApi(held: Notification[], extra: Record<string, unknown> = {}, markGate?: Promise<void>) {
  const unread = () => held.filter((n) => !n.isRead).length;
  const mark = async (id?: number) => {
    await markGate;
    for (const n of held) if (id === undefined || n.id === id) n.isRead = true;
    return json(200, { status: 'success' as const, unreadCount: unread() });
  };
  return mockApi(
    route('GET', '/api/notifications', () => {
      const notifications = held.map((n) => ({ ...n }));
      return json(200, {
        status: 'success' as const,
        notifications,
        unreadCount: notifications.filter((n) => !n.isRead).length,
        hasMore: false,
      });
    }),
    route('POST', '/api/notifications/mark-all-read', () => mark()),
    (url, init) => {
      const marked = /^\/api\/notifications\/(\d+)\/mark-as-read$/.exec(url.pathname);
      return marked && init.method === 'POST' ? mark(Number(marked[1])) : undefined;
    },
    (url, init) => {
      const key = `${init.method ?? 'GET'} ${url.pathname}`;
      return key in extra ? json(200, extra[key]) : undefined;
    },
  );
}
