import type { FastifyInstance } from 'fastify';
import { articleDeps, nextRelease, releaseDueArticles } from '../articles/index.js';

/*
 * Scheduled publishing (decision 015): an article saved with a later `publishAt` waits unpublished;
 * this timer publishes it at that time, nobody acting. The timer is armed for the next scheduled
 * article (and at most `maxWait` ahead, so a schedule written on another node is seen in time), and
 * re-armed after every editor write. Several nodes may run it: each article is published once.
 */

/** Longest sleep between two looks at the schedule. */
const maxWait = 60_000;

export interface ReleaseScheduler {
  /** Looks at the schedule again (after a write that may have changed it). */
  wake(): void;
  /** Resolves when the look in progress (if any) has finished. */
  settled(): Promise<void>;
  stop(): void;
}

/** The clock a scheduler reads and sleeps on: the process's own, or a test's that it moves by hand. */
export interface SchedulerClock {
  now(): number;
  /** Calls `callback` after `ms` (without keeping the process alive); the answer cancels it. */
  sleep(callback: () => void, ms: number): () => void;
}

const processClock: SchedulerClock = {
  now: () => Date.now(),
  sleep(callback, ms) {
    const timer = setTimeout(callback, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
};

export function startReleaseScheduler(app: FastifyInstance, clock: SchedulerClock = processClock): ReleaseScheduler {
  const deps = articleDeps(app);
  let cancel = () => {};
  let running: Promise<void> = Promise.resolve();
  let stopped = false;

  const arm = (delay: number) => {
    if (stopped) return;
    cancel();
    cancel = clock.sleep(() => void look(), Math.max(0, Math.min(delay, maxWait)));
  };

  const look = (): Promise<void> => {
    running = running.then(async () => {
      if (stopped) return;
      try {
        const released = await releaseDueArticles(deps, new Date(clock.now()));
        if (released) app.log.info({ released }, 'scheduled articles published');
        const next = await nextRelease(app.db);
        arm(next ? next.getTime() - clock.now() : maxWait);
      } catch (error) {
        // A database that went away is retried on the next look; the schedule is kept in the rows.
        app.log.warn({ err: error }, 'scheduled publishing failed; retrying');
        arm(maxWait);
      }
    });
    return running;
  };

  void look();
  return {
    wake: () => void look(),
    settled: () => running,
    stop() {
      stopped = true;
      cancel();
    },
  };
}
