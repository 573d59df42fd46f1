import type { ConversationPage, ConversationSummary, PrivateMessage } from '@papo/contract/conversations';
import { vi } from 'vitest';
import { fakeToken } from '../../../test/render-app';

export type Route = (url: URL, init: RequestInit) => Response | undefined | Promise<Response | undefined>;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Stubs fetch: the first route that answers wins; anything else is a 404 (the layout's optional calls). */
export function mockApi(...routes: Route[]) {
  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://papo.test');
    for (const route of routes) {
      const answer = await route(url, init);
      if (answer) return answer;
    }
    return json(404, { message: 'not_found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  const requests = () =>
    fetchMock.mock.calls.map(([input, init]) => ({ url: new URL(input, 'http://papo.test'), init: init ?? {} }));
  return {
    calls: (method: string, pathname: string) =>
      requests().filter(({ url, init }) => url.pathname === pathname && (init.method ?? 'GET') === method),
  };
}

/** Answers `method pathname` with `answer` (a function gets the request). */
export function route(method: string, pathname: string, answer: (url: URL, init: RequestInit) => Response | Promise<Response>): Route {
  return (url, init) => (url.pathname === pathname && (init.method ?? 'GET') === method ? answer(url, init) : undefined);
}

/** Signs in member 1 ('ana') the way the login screen stores it. */
export function signInAna() {
  localStorage.setItem('user', JSON.stringify({ token: fakeToken({ sub: '1', username: 'ana', roles: ['ROLE_USER'] }), refresh_token: 'r' }));
}

export function message(id: number, content: string, senderId = 2): PrivateMessage {
  return { id, content, senderId, senderName: senderId === 1 ? 'ana' : 'bruno', timestamp: new Date().toISOString() };
}

export const users = [
  { id: 1, name: 'ana' },
  { id: 2, name: 'bruno' },
];

export function page(messages: PrivateMessage[], hasMore = false): ConversationPage {
  return { users, messages, hasMore };
}

export const conversationList: ConversationSummary[] = [
  { id: 5, name: 'bruno', user: { id: 2, name: 'bruno' }, lastMessageAt: null, unread: 0 },
  { id: 9, name: 'carla', user: { id: 3, name: 'carla' }, lastMessageAt: null, unread: 3 },
];

/** A promise the test settles by hand, to look at the screen while a call is in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
