import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { typingIndicatorMs, useTypingIndicator } from './use-typing-indicator';
import { getSocket } from '../socket';
import type { FakeSocket } from '../../test/fake-socket';

vi.mock('../socket', async () => (await import('../../test/fake-socket')).fakeSocketModule());

const fakeSocket = getSocket() as unknown as FakeSocket;

const typing = (isTyping: boolean, conversationId = 5, username = 'bruno') =>
  act(() => fakeSocket.receive('typing', { is_typing: isTyping, username, conversation_id: conversationId }));

describe('typing indicator', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the name and hides it 3 seconds after the last typing event', () => {
    const { result } = renderHook(() => useTypingIndicator('conversation_5'));
    expect(result.current).toEqual([]);
    typing(true);
    expect(result.current).toEqual(['bruno']);
    act(() => vi.advanceTimersByTime(typingIndicatorMs - 1));
    expect(result.current).toEqual(['bruno']);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toEqual([]);
    expect(typingIndicatorMs).toBe(3_000);
  });

  it('starts the 3 seconds again on every typing event', () => {
    const { result } = renderHook(() => useTypingIndicator('conversation_5'));
    typing(true);
    act(() => vi.advanceTimersByTime(2_000));
    typing(true);
    act(() => vi.advanceTimersByTime(2_000));
    expect(result.current).toEqual(['bruno']);
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current).toEqual([]);
  });

  it('hides at once on is_typing false, and a later timer does not bring it back', () => {
    const { result } = renderHook(() => useTypingIndicator('conversation_5'));
    typing(true);
    typing(false);
    expect(result.current).toEqual([]);
    act(() => vi.advanceTimersByTime(typingIndicatorMs));
    expect(result.current).toEqual([]);
  });

  it('ignores typing in other conversations', () => {
    const { result } = renderHook(() => useTypingIndicator('conversation_5'));
    typing(true, 6, 'carla');
    expect(result.current).toEqual([]);
  });

  it('hides when the typing member message arrives, not when someone else writes', () => {
    const { result } = renderHook(() => useTypingIndicator('conversation_5'));
    typing(true);
    const message = { id: 1, conversationId: 5, content: 'oi', senderId: 1, senderName: 'ana', timestamp: 'T' };
    act(() => fakeSocket.receive('new_message', message));
    expect(result.current).toEqual(['bruno']);
    act(() => fakeSocket.receive('new_message', { ...message, id: 2, senderId: 2, senderName: 'bruno' }));
    expect(result.current).toEqual([]);
  });

  it('in a channel: one name, two names, in the order they began; each leaves on its line or after 3 s', () => {
    const { result } = renderHook(() => useTypingIndicator('#barra'));
    const inChannel = (username: string, channel = '#barra', isTyping = true) =>
      act(() => fakeSocket.receive('typing', { is_typing: isTyping, username, channel }));
    inChannel('ana');
    inChannel('bia', '#outro');
    expect(result.current).toEqual(['ana']);
    act(() => vi.advanceTimersByTime(2_000));
    inChannel('bia');
    inChannel('ana');
    expect(result.current).toEqual(['ana', 'bia']);
    const line = { id: 'x', channel: '#Barra', username: 'ana', text: 'oi', timestamp: 'T' };
    act(() => fakeSocket.receive('new-message', line));
    expect(result.current).toEqual(['bia']);
    act(() => vi.advanceTimersByTime(typingIndicatorMs));
    expect(result.current).toEqual([]);
    typing(true, 5, 'carla');
    expect(result.current).toEqual([]);
  });

  it('stops listening when the conversation closes', () => {
    const { unmount } = renderHook(() => useTypingIndicator('conversation_5'));
    const before = fakeSocket.listenerCount('typing');
    unmount();
    expect(fakeSocket.listenerCount('typing')).toBe(before - 1);
  });
});
