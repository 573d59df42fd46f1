import type { ContactDetail, ContactSummary } from '@papo/contract/contact';
import { vi } from 'vitest';

export type Route = (url: URL, init: RequestInit) => Response | undefined | Promise<Response | undefined>;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Stubs fetch at the API client's boundary: the first route that answers wins; anything else is a 404, so the
 * layout's optional calls (company data, favourites) do not disturb the screen under test.
 */
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
  return {
    calls: (pathname: string) =>
      fetchMock.mock.calls
        .map(([input, init]) => ({ url: new URL(input, 'http://papo.test'), init: init ?? {} }))
        .filter(({ url }) => url.pathname === pathname),
    all: () => fetchMock.mock.calls.map(([input]) => new URL(input, 'http://papo.test').pathname),
  };
}

export function summary(id: number, overrides: Partial<ContactSummary> = {}): ContactSummary {
  return {
    id,
    name: `Pessoa ${id}`,
    email: `pessoa${id}@example.com`,
    subject: `Assunto ${id}`,
    date: new Date(Date.UTC(2026, 10, 21, 12, 0) - id * 60_000).toISOString(),
    source: 'contact',
    repliedAt: null,
    ...overrides,
  };
}

export function detail(id: number, overrides: Partial<ContactDetail> = {}): ContactDetail {
  return {
    ...summary(id),
    message: 'Mensagem',
    repliedBy: null,
    replySubject: null,
    replyBody: null,
    ...overrides,
  };
}
