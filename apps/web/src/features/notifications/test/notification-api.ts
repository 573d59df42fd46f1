import type { Notification } from '@papo/contract/socket-events';
import { vi } from 'vitest';
import { fakeToken } from '../../../test/render-app';

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function notification(id: number, type: string, message: string, isRead = false): Notification {
  return { id, type, message, isRead, userTo: 1, createdAt: new Date(Date.now() - id * 60_000).toISOString() };
}

/** Signs in member 1 ('ana') the way the login screen stores it. */
export function signInAna() {
  localStorage.setItem('user', JSON.stringify({ token: fakeToken({ sub: '1', username: 'ana', roles: ['ROLE_USER'] }), refresh_token: 'r' }));
}

/**
 * The bell's server over `held` (a test may add to it): GET /api/notifications lists it, the mark calls
 * mark it (once `markGate`, when given, opens), anything else not in `extra` is a 404.
 */
export function mockBellApi(held: Notification[], extra: Record<string, unknown> = {}, markGate?: Promise<void>) {
  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://papo.test');
    const method = init.method ?? 'GET';
    if (method === 'GET' && url.pathname === '/api/notifications') {
      const notifications = held.map((n) => ({ ...n }));
      return json(200, { status: 'success', notifications, unreadCount: notifications.filter((n) => !n.isRead).length, hasMore: false });
    }
    const marked = /^\/api\/notifications\/(?:(\d+)\/mark-as-read|mark-all-read)$/.exec(url.pathname);
    if (method === 'POST' && marked) {
      await markGate;
      for (const n of held) if (!marked[1] || n.id === Number(marked[1])) n.isRead = true;
      return json(200, { status: 'success', unreadCount: held.filter((n) => !n.isRead).length });
    }
    const key = `${method} ${url.pathname}`;
    return key in extra ? json(200, extra[key]) : json(404, { message: 'not_found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls: (method: string, pathname: string) =>
      fetchMock.mock.calls.filter(([input, init]) => new URL(input, 'http://papo.test').pathname === pathname && (init?.method ?? 'GET') === method),
  };
}
