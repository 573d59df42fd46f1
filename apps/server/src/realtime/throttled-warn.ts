import type { FastifyBaseLogger } from 'fastify';

/** Logs a warning under a key at most once per interval, counting what it held back. */
export type ThrottledWarn = (key: string, error: unknown) => void;

/**
 * a Redis outage raises an error on every reconnect attempt and every
 * dropped publish; one line per key per interval keeps the log readable.
 */
export function createThrottledWarn(log: FastifyBaseLogger, intervalMs = 30_000): ThrottledWarn {
  const state = new Map<string, { lastAt: number; suppressed: number }>();
  return (key, error) => {
    const now = Date.now();
    const entry = state.get(key);
    if (entry && now - entry.lastAt < intervalMs) {
      entry.suppressed += 1;
      return;
    }
    const suppressed = entry?.suppressed ?? 0;
    state.set(key, { lastAt: now, suppressed: 0 });
    const message = error instanceof Error ? error.message : String(error);
    log.warn({ key, err: message, suppressed }, `realtime: ${key}`);
  };
}
