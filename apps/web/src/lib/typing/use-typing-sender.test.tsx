import { typingRateLimit } from '@papo/contract/conversations';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, route } from '../../test/fake-api';
import { typingRepeatMs, useTypingSender } from './use-typing-sender';

function stubTypingCalls() {
  const api = mockApi(route('POST', '/api/typing', () => json(200, { status: 'success' as const })));
  return () => {
    expect(api.paths().every((path) => path === '/api/typing')).toBe(true);
    return api
      .calls('POST', '/api/typing')
      .map(
        (call) => call.body as { conversation_id?: number; channel?: string; username?: string; is_typing: boolean },
      );
  };
}

describe('typing sender', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('posts is_typing true once per 2 s while typing, and false once on stop', () => {
    const calls = stubTypingCalls();
    const { result } = renderHook(() => useTypingSender('conversation_5', 'ana'));
    act(() => {
      result.current.onInput('o');
      result.current.onInput('ol');
      result.current.onInput('olá');
    });
    expect(calls()).toEqual([{ conversation_id: 5, username: 'ana', is_typing: true }]);
    act(() => vi.advanceTimersByTime(typingRepeatMs));
    act(() => result.current.onInput('olá!'));
    expect(calls().map((call) => call.is_typing)).toEqual([true, true]);
    act(() => {
      result.current.stop();
      result.current.stop();
    });
    expect(calls().map((call) => call.is_typing)).toEqual([true, true, false]);
  });

  it('in a channel posts the channel and no username, and says it stopped when the channel closes', () => {
    const calls = stubTypingCalls();
    const { result, unmount } = renderHook(() => useTypingSender('#barra', 'ana'));
    act(() => result.current.onInput('oi'));
    unmount();
    expect(calls()).toEqual([
      { channel: '#barra', is_typing: true },
      { channel: '#barra', is_typing: false },
    ]);
  });

  it('says nothing on stop when it never said it was typing, and stops when the field is emptied', () => {
    const calls = stubTypingCalls();
    const { result } = renderHook(() => useTypingSender('conversation_5', 'ana'));
    act(() => result.current.stop());
    expect(calls()).toEqual([]);
    act(() => {
      result.current.onInput('a');
      result.current.onInput('   ');
    });
    expect(calls().map((call) => call.is_typing)).toEqual([true, false]);
  });

  it('stays under the server limit and keeps room to say it stopped', () => {
    const calls = stubTypingCalls();
    const { result } = renderHook(() => useTypingSender('conversation_5', 'ana'));
    for (let round = 0; round < 20; round++) {
      act(() => {
        result.current.onInput('abc');
        result.current.stop();
      });
      act(() => vi.advanceTimersByTime(100));
    }
    expect(calls().length).toBeLessThanOrEqual(typingRateLimit.max);
    expect(calls().at(-1)?.is_typing).toBe(false);
  });

  it('tells the other side it stopped when the conversation closes', () => {
    const calls = stubTypingCalls();
    const { result, unmount } = renderHook(() => useTypingSender('conversation_5', 'ana'));
    act(() => result.current.onInput('oi'));
    unmount();
    expect(calls().map((call) => call.is_typing)).toEqual([true, false]);
  });
});
