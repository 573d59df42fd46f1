import type { ClientToServerEvents } from '@papo/contract/socket-events';
import type { RealtimeContext } from './types.js';

/**
 * Runs a client request and answers its ack. A handler must never throw: a bad payload or a failing checker costs
 * the caller an error answer, not the process. The work is kept in `ctx.answering` so a closing node waits for it.
 */
export function answer<A>(
  ctx: RealtimeContext,
  event: keyof ClientToServerEvents,
  work: () => Promise<A>,
  ack: unknown,
  failed: A,
): void {
  const reply = (answer: A) => {
    if (typeof ack === 'function') ack(answer);
  };
  const answered = work().then(reply, (error: unknown) => {
    ctx.log.error({ err: error, event }, 'realtime handler failed');
    reply(failed);
  });
  ctx.answering.add(answered);
  void answered.finally(() => ctx.answering.delete(answered));
}

/**
 * A fixed one-minute window of at most `max` asks, made once per socket and event: each call counts one ask and says
 * whether it may be answered. Fixed rather than sliding, since a socket at the edge gains at most one window more.
 */
export function perSocketLimit(max: number): () => boolean {
  let windowStart = 0;
  let asked = 0;
  return () => {
    const now = Date.now();
    if (now - windowStart >= 60_000) [windowStart, asked] = [now, 0];
    asked += 1;
    return asked <= max;
  };
}
