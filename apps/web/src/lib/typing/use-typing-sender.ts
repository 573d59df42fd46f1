import { typingRateLimit } from '@papo/contract/conversations';
import { useCallback, useEffect, useRef } from 'react';
import { postTyping, type TypingPlace } from './post-typing';

/** While typing goes on, `is_typing: true` is repeated this often so the other side's 3 s indicator stays up. */
export const typingRepeatMs = 2_000;
/** Calls kept back from 'typing' so that 'stopped typing' still fits in the server's limit. */
const reservedForStop = 2;

export interface TypingSender {
  /** Call with the input's text on every change. */
  onInput(text: string): void;
  /** Sent, sending or left the field: tells the other side at once (only if it was told we type). */
  stop(): void;
}

/**
 * Posts `/api/typing` while the member types in a conversation or a channel: throttled, kept under the server's rate
 * limit, and `is_typing: false` on send, blur, an emptied field or leaving the place. Failures are ignored: the
 * indicator is a courtesy, and the other side's times out by itself.
 */
export function useTypingSender(place: TypingPlace, username: string): TypingSender {
  const typingSince = useRef<number | null>(null);
  const recentCalls = useRef<number[]>([]);

  const post = useCallback(
    (isTyping: boolean) => {
      const now = Date.now();
      const recent = recentCalls.current.filter((time) => now - time < typingRateLimit.windowMs);
      const budget = typingRateLimit.max - (isTyping ? reservedForStop : 0);
      recentCalls.current = recent;
      if (recent.length >= budget) return false;
      recent.push(now);
      postTyping(place, username, isTyping).catch(() => undefined);
      return true;
    },
    [place, username],
  );

  const stop = useCallback(() => {
    if (typingSince.current === null) return;
    typingSince.current = null;
    post(false);
  }, [post]);

  const onInput = useCallback(
    (text: string) => {
      if (!text.trim()) {
        stop();
        return;
      }
      const now = Date.now();
      if (typingSince.current !== null && now - typingSince.current < typingRepeatMs) return;
      if (post(true)) typingSince.current = now;
    },
    [post, stop],
  );

  useEffect(() => stop, [stop]);
  return { onInput, stop };
}
