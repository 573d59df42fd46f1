import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, route } from './fake-api';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the fake API', () => {
  it('answers with the first route that answers, 404 otherwise, and records every call', async () => {
    const api = mockApi(
      route('GET', '/api/blocks', () => json(200, { blocks: [] })),
      route('POST', '/api/conversations/5', (url) =>
        json(200, { users: [], messages: [], hasMore: url.searchParams.has('before') }),
      ),
    );
    expect(await (await fetch('/api/blocks')).json()).toEqual({ blocks: [] });
    const page = await fetch('/api/conversations/5?before=3', { method: 'POST', body: JSON.stringify({ a: 1 }) });
    expect(await page.json()).toEqual({ users: [], messages: [], hasMore: true });
    const missing = await fetch('/api/conversations/5');
    expect([missing.status, await missing.json()]).toEqual([404, { message: 'not_found' }]);
    expect(api.paths()).toEqual(['/api/blocks', '/api/conversations/5?before=3', '/api/conversations/5']);
    expect(api.calls('POST', '/api/conversations/5').map((call) => call.body)).toEqual([{ a: 1 }]);
    expect(api.calls('/api/conversations/5')).toHaveLength(2);
  });

  it('takes only answers of the contract’s shape (checked by typecheck)', () => {
    const routes = [
      route('GET', '/api/blocks', () => json(403, { message: 'forbidden' })),
      // @ts-expect-error: `blocks` is a list of blocked users
      route('GET', '/api/blocks', () => json(200, { blocks: 'none' })),
      // @ts-expect-error: a page of a conversation, not a list of conversations
      route('POST', '/api/conversations/5', () => json(200, [])),
      // @ts-expect-error: a call the fake API does not know yet must be added to ApiAnswers first
      route('GET', '/api/not-in-the-contract', () => json(200, {})),
    ];
    expect(routes).toHaveLength(4);
  });
});
