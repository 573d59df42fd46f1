import { useCallback, useEffect, useState } from 'react';
import { checkUsername } from '../api/signup';

/** The username check starts from this many trimmed characters (members-area §5, §9). */
const usernameCheckMinLength = 2;
export const usernameCheckDelayMs = 500;

type UsernameStatus = 'checking' | 'available' | 'taken' | 'invalid' | 'error';

export interface UsernameCheck {
  status: UsernameStatus;
  /** Why the name cannot be used, as the server's message key (`username_taken`, `invalid_username`, …). */
  reason?: string;
}

interface Result extends UsernameCheck {
  username: string;
}

async function runCheck(username: string, signal?: AbortSignal): Promise<Result> {
  try {
    const answer = await checkUsername(username, signal);
    if (answer.available) return { username, status: 'available' };
    const reason = answer.reason ?? 'username_taken';
    return { username, status: reason === 'username_taken' ? 'taken' : 'invalid', reason };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { username, status: 'error', reason: 'username_check_error' };
  }
}

/**
 * Checks the availability of `value` once typing pauses. Below two trimmed characters there is no
 * check and no message; a result only counts for the name it was made for.
 */
export function useUsernameCheck(value: string, delayMs = usernameCheckDelayMs) {
  const username = value.trim();
  const checkable = username.length >= usernameCheckMinLength;
  const [result, setResult] = useState<Result | null>(null);

  useEffect(() => {
    if (!checkable) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setResult({ username, status: 'checking' });
      runCheck(username, controller.signal).then(setResult, () => {
        // aborted because the name changed; the newer check reports.
      });
    }, delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [username, checkable, delayMs]);

  const check: UsernameCheck | null = checkable && result?.username === username ? result : null;

  /** The final answer for the current name, checking now when none is known yet (a fast submit). */
  const confirm = useCallback(async (): Promise<UsernameCheck | null> => {
    if (!checkable) return null;
    if (check && check.status !== 'checking') return check;
    const fresh = await runCheck(username);
    setResult(fresh);
    return fresh;
  }, [check, checkable, username]);

  return { check, confirm };
}
