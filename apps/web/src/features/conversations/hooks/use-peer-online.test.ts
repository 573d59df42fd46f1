import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSocket } from '../../../lib/socket';
import type { FakeSocket } from '../../../test/fake-socket';
import { peerAskIntervalMs, usePeerOnline } from './use-peer-online';

vi.mock('../../../lib/socket', async () => (await import('../../../test/fake-socket')).fakeSocketModule());

const fakeSocket = getSocket() as unknown as FakeSocket;
const asks = () => fakeSocket.emitted.filter((sent) => sent.event === 'peer-online').length;

let visibility: DocumentVisibilityState = 'visible';
function showPage(state: DocumentVisibilityState) {
  visibility = state;
  act(() => document.dispatchEvent(new Event('visibilitychange')));
}

/** Lets the answers' promises settle inside act, so the hook's state follows them. */
const settle = () => act(async () => undefined);

describe('peer online', () => {
  let peerOnline = false;
  beforeEach(() => {
    vi.useFakeTimers();
    fakeSocket.reset();
    visibility = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    peerOnline = false;
    fakeSocket.answers.set('peer-online', () => ({ ok: true, online: peerOnline }));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('asks again every interval while the page is shown, so a peer who connects meanwhile is seen', async () => {
    const { result } = renderHook(() => usePeerOnline(5, false));
    await settle();
    expect(result.current).toBe(false);
    expect(asks()).toBe(1);

    peerOnline = true;
    act(() => vi.advanceTimersByTime(peerAskIntervalMs - 1));
    expect(asks()).toBe(1);
    act(() => vi.advanceTimersByTime(1));
    await settle();
    expect(asks()).toBe(2);
    expect(result.current).toBe(true);

    peerOnline = false;
    act(() => vi.advanceTimersByTime(peerAskIntervalMs));
    await settle();
    expect(asks()).toBe(3);
    expect(result.current).toBe(false);
  });

  it('stops asking while the page is hidden and asks at once, then on the interval, when it is shown again', async () => {
    renderHook(() => usePeerOnline(5, false));
    expect(asks()).toBe(1);
    showPage('hidden');
    act(() => vi.advanceTimersByTime(peerAskIntervalMs * 5));
    expect(asks()).toBe(1);

    showPage('visible');
    expect(asks()).toBe(2);
    act(() => vi.advanceTimersByTime(peerAskIntervalMs));
    expect(asks()).toBe(3);
  });

  it('does not ask on the interval while disconnected; the reconnect asks', () => {
    renderHook(() => usePeerOnline(5, false));
    act(() => fakeSocket.lifecycle('disconnect', 'transport close'));
    act(() => vi.advanceTimersByTime(peerAskIntervalMs * 3));
    expect(asks()).toBe(1);
    act(() => fakeSocket.lifecycle('connect'));
    expect(asks()).toBe(2);
  });

  it('stops asking once unmounted or once the peer is in the conversation', () => {
    const { rerender, unmount } = renderHook(({ present }) => usePeerOnline(5, present), {
      initialProps: { present: false as boolean | undefined },
    });
    expect(asks()).toBe(1);
    rerender({ present: true });
    act(() => vi.advanceTimersByTime(peerAskIntervalMs * 3));
    expect(asks()).toBe(1);

    rerender({ present: false });
    expect(asks()).toBe(2);
    unmount();
    act(() => vi.advanceTimersByTime(peerAskIntervalMs * 3));
    showPage('visible');
    expect(asks()).toBe(2);
    expect(fakeSocket.listenerCount('connect')).toBe(0);
  });
});
