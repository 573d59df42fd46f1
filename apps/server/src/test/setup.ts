import { afterAll, beforeAll, vi } from 'vitest';

/*
 * The server's test files share their worker's modules (vitest.config.ts, `isolate: false`), so what one file left
 * on the process must not reach the next: each starts and ends on real timers and unmocked globals.
 */
beforeAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
