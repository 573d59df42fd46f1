import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fake-api';
import { fakeApi } from '../test/fake-api';
import { usernameCheckDelayMs, useUsernameCheck } from './use-username-check';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

function answering(answers: Record<string, { available: boolean; reason?: string } | 'fail'>) {
  return fakeApi({
    'GET /api/check-username': ({ path }) => {
      const name = new URL(path, 'http://x').searchParams.get('username') ?? '';
      const answer = answers[name];
      return answer === 'fail' ? json(500, {}) : json(200, answer ?? { available: true });
    },
  });
}

async function settle(ms = usernameCheckDelayMs) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('username check', () => {
  it('waits until typing pauses and checks only the last, trimmed name', async () => {
    const api = answering({});
    const { result, rerender } = renderHook(({ value }) => useUsernameCheck(value), { initialProps: { value: 'an' } });
    await settle(200);
    rerender({ value: 'ana' });
    await settle(200);
    rerender({ value: ' ana_s ' });
    await settle(usernameCheckDelayMs - 1);
    expect(api.calls).toEqual([]);
    await settle(1);
    expect(api.calls.map((call) => call.path)).toEqual(['/api/check-username?username=ana_s']);
    expect(result.current.check).toEqual({ username: 'ana_s', status: 'available' });
  });

  it('does not check below two trimmed characters, and a shorter name clears the message', async () => {
    const api = answering({ ana: { available: false, reason: 'username_taken' } });
    const { result, rerender } = renderHook(({ value }) => useUsernameCheck(value), { initialProps: { value: ' a ' } });
    await settle();
    expect(api.calls).toEqual([]);
    expect(result.current.check).toBeNull();
    rerender({ value: 'ana' });
    await settle();
    expect(result.current.check).toMatchObject({ status: 'taken', reason: 'username_taken' });
    rerender({ value: 'a' });
    expect(result.current.check).toBeNull();
    await settle();
    expect(api.calls).toHaveLength(1);
  });

  it('tells an invalid name and a failed check apart from a taken one', async () => {
    answering({ 'a b': { available: false, reason: 'invalid_username' }, bob: 'fail' });
    const { result, rerender } = renderHook(({ value }) => useUsernameCheck(value), { initialProps: { value: 'a b' } });
    await settle();
    expect(result.current.check).toMatchObject({ status: 'invalid', reason: 'invalid_username' });
    rerender({ value: 'bob' });
    await settle();
    expect(result.current.check).toMatchObject({ status: 'error', reason: 'username_check_error' });
  });

  it('confirms at once on submit when the pause has not passed yet', async () => {
    const api = answering({});
    const { result } = renderHook(() => useUsernameCheck('carla'));
    let confirmed: unknown;
    await act(async () => {
      confirmed = await result.current.confirm();
    });
    expect(confirmed).toMatchObject({ status: 'available' });
    expect(api.calls).toHaveLength(1);
  });
});
