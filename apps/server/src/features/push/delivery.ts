import { pushKindOf } from '@papo/contract/push';
import type { Notification } from '@papo/contract/socket-events';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { userSeesRoom } from '../../realtime/presence.js';
import type { RealtimeContext } from '../../realtime/types.js';
import type { VapidDetails } from './keys.js';
import { planPush, type NotificationAbout, type PlannedPush } from './payload.js';
import { forgetEndpoint, subscriptionsFor, type StoredSubscription } from './repo.js';
import { systemResolver, type Resolver } from './endpoint-guard.js';
import { sendPush, type PushOutcome } from './send.js';

/** Pushes a member's notifications to their devices, off the request path. */
export interface PushDelivery {
  /** Schedules the pushes of a notification just stored and returns at once; nothing it does can fail the caller. */
  notified(notification: Notification, about?: NotificationAbout): void;
  /** Settles when every push scheduled so far was delivered, forgotten or given up. */
  idle(): Promise<void>;
  /** Stops retrying and waits for the pushes under way. */
  close(): Promise<void>;
  /** Pushes waiting their turn, being sent and waiting to retry now; pushes dropped (too many waiting) since start. */
  stats(): { waiting: number; sending: number; retrying: number; dropped: number };
}

export interface RetryPolicy {
  /** Tries in all, the first included. */
  attempts: number;
  /** Wait before the second try; each later one waits twice as long, up to `maxDelayMs`. A Retry-After is obeyed. */
  firstDelayMs: number;
  maxDelayMs: number;
}

export interface PushDeliveryOptions {
  db: Kysely<Database>;
  /** Which rooms the member's tabs are in, on every node; without it every notification is pushed. */
  realtime?: RealtimeContext;
  vapid: VapidDetails;
  log: FastifyBaseLogger;
  retry?: Partial<RetryPolicy>;
  /** Seconds a push service keeps a message for an offline device. */
  ttlSeconds?: number;
  /** Longest wait for the push service's answer. */
  timeoutMs?: number;
  /** Pushes sent at once; the rest wait their turn. */
  concurrency?: number;
  /** Pushes waiting at most; beyond, new ones are dropped (and logged), so a dead push service cannot fill memory. */
  maxWaiting?: number;
  /** One member's share: pushes sent at once and pushes waiting, so a member's stalled devices delay only them. */
  perMember?: { concurrency: number; maxWaiting: number };
  /** Unanswered pushes in a row that open a push service host's breaker, and how long it stays open (none sent there). */
  breaker?: { failures: number; openMs: number };
  /** Production: endpoints must be https on public addresses, checked again before each push. */
  production?: boolean;
  /** How endpoint names are resolved; tests pass their own. */
  resolve?: Resolver;
}

const defaultRetry: RetryPolicy = { attempts: 4, firstDelayMs: 5_000, maxDelayMs: 5 * 60_000 };

/** The wait before try number `attempt + 1` (attempt counts from 1), with ±20 % jitter so retries do not march in step. */
export function retryDelayMs(
  policy: RetryPolicy,
  attempt: number,
  retryAfterMs?: number,
  random = Math.random,
): number {
  if (retryAfterMs !== undefined) return Math.min(retryAfterMs, policy.maxDelayMs);
  const base = Math.min(policy.firstDelayMs * 2 ** (attempt - 1), policy.maxDelayMs);
  return Math.round(base * (0.8 + 0.4 * random()));
}

interface Job {
  userId: number;
  subscription: StoredSubscription;
  plan: PlannedPush;
  attempt: number;
}

export function createPushDelivery(options: PushDeliveryOptions): PushDelivery {
  const retry = { ...defaultRetry, ...options.retry };
  const ttlSeconds = options.ttlSeconds ?? 24 * 60 * 60;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const concurrency = options.concurrency ?? 8;
  const maxWaiting = options.maxWaiting ?? 1_000;
  const perMember = options.perMember ?? { concurrency: 2, maxWaiting: 100 };
  const breaker = options.breaker ?? { failures: 5, openMs: 60_000 };
  const { db, log } = options;

  // one queue per member, served in turn, each with its own share of the sending slots: a member whose
  // devices never answer holds at most `perMember.concurrency` slots, and everyone else's pushes go past.
  const queues = new Map<number, Job[]>();
  const turns: number[] = [];
  const runningOf = new Map<number, number>();
  let waitingCount = 0;
  /** Push service hosts that kept failing: not sent to until `openUntil`. */
  const breakers = new Map<string, { failures: number; openUntil: number }>();
  const timers = new Set<NodeJS.Timeout>();
  let running = 0;
  let dropped = 0;
  // everything scheduled and not yet finished: planning, waiting, sending and waiting to retry.
  let pending = 0;
  let closed = false;
  let idleWaiters: (() => void)[] = [];

  function started(): void {
    pending += 1;
  }

  function finished(): void {
    pending -= 1;
    if (pending > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  function enqueue(job: Job): void {
    if (closed) return finished();
    const queue = queues.get(job.userId) ?? [];
    if (waitingCount >= maxWaiting || queue.length >= perMember.maxWaiting) {
      log.warn({ type: job.plan.message.type }, 'push dropped: too many waiting');
      dropped += 1;
      return finished();
    }
    if (queue.length === 0) {
      queues.set(job.userId, queue);
      turns.push(job.userId);
    }
    queue.push(job);
    waitingCount += 1;
    pump();
  }

  /** The next member's next push, in turn, skipping members whose share of the slots is taken. */
  function next(): Job | undefined {
    for (let looked = 0; looked < turns.length; looked += 1) {
      const userId = turns.shift();
      if (userId === undefined) return undefined;
      const queue = queues.get(userId);
      if ((runningOf.get(userId) ?? 0) >= perMember.concurrency) {
        turns.push(userId);
        continue;
      }
      const job = queue?.shift();
      if (queue?.length) turns.push(userId);
      else queues.delete(userId);
      if (job) return job;
    }
    return undefined;
  }

  function pump(): void {
    while (running < concurrency) {
      const job = next();
      if (!job) return;
      waitingCount -= 1;
      running += 1;
      runningOf.set(job.userId, (runningOf.get(job.userId) ?? 0) + 1);
      attempt(job)
        .catch((error: unknown) => {
          // sendPush answers every failure; this is a bug's last line, never an unhandled rejection.
          log.error({ err: error }, 'push failed');
          finished();
        })
        .finally(() => {
          running -= 1;
          const left = (runningOf.get(job.userId) ?? 1) - 1;
          if (left > 0) runningOf.set(job.userId, left);
          else runningOf.delete(job.userId);
          pump();
        });
    }
  }

  /** Counts a host's outcome; enough failures in a row open its breaker. */
  function record(host: string, failed: boolean): void {
    if (!failed) {
      breakers.delete(host);
      return;
    }
    const state = breakers.get(host) ?? { failures: 0, openUntil: 0 };
    state.failures += 1;
    if (state.failures >= breaker.failures) {
      state.openUntil = Date.now() + breaker.openMs;
      state.failures = 0;
      log.warn({ host }, 'push service failing: not sent to for a while');
    }
    breakers.set(host, state);
  }

  async function attempt(job: Job): Promise<void> {
    const { subscription, plan } = job;
    const payload = JSON.stringify({ ...plan.message, language: subscription.language });
    const host = new URL(subscription.endpoint).host;
    const open = (breakers.get(host)?.openUntil ?? 0) > Date.now();
    const outcome: PushOutcome = open
      ? { kind: 'retry' }
      : await sendPush(subscription, payload, {
          vapid: options.vapid,
          ttlSeconds,
          urgency: plan.urgency,
          topic: plan.topic,
          timeoutMs,
          production: options.production ?? false,
          resolve: options.resolve ?? systemResolver,
        });
    // only pushes that got no answer count (a timeout, a refused or reset connection): those hold a sending
    // slot for long; a quick 5xx costs little and is retried by the policy.
    if (!open) record(host, outcome.kind === 'retry' && outcome.status === undefined);
    if (outcome.kind === 'delivered') return finished();
    if (outcome.kind === 'gone') {
      log.info({ host, status: outcome.status }, 'push subscription gone: forgotten');
      await forgetEndpoint(db, subscription.endpoint).catch((error: unknown) =>
        log.warn({ err: error }, 'push subscription not forgotten'),
      );
      return finished();
    }
    if (outcome.kind === 'refused') {
      log.warn({ host, status: outcome.status }, 'push refused');
      return finished();
    }
    if (job.attempt >= retry.attempts || closed) {
      log.warn({ host, status: outcome.status, attempts: job.attempt }, 'push given up');
      return finished();
    }
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        enqueue({ ...job, attempt: job.attempt + 1 });
      },
      retryDelayMs(retry, job.attempt, outcome.retryAfterMs),
    );
    timers.add(timer);
  }

  /** The devices to push a notification to: none while a shown tab of the member has its place open. */
  async function plan(notification: Notification, about?: NotificationAbout): Promise<void> {
    const kind = pushKindOf(notification.type);
    if (!kind) return;
    const planned = planPush(notification, kind, about);
    if (!planned) return;
    const subscriptions = await subscriptionsFor(db, notification.userTo, kind);
    if (subscriptions.length === 0) return;
    if (options.realtime && (await userSeesRoom(options.realtime, notification.userTo, planned.room))) return;
    for (const subscription of subscriptions) {
      started();
      enqueue({ userId: notification.userTo, subscription, plan: planned, attempt: 1 });
    }
  }

  return {
    notified(notification, about) {
      if (closed) return;
      started();
      // the next turn of the event loop: the caller's answer or message goes first.
      setImmediate(() => {
        plan(notification, about)
          .catch((error: unknown) => log.warn({ err: error, type: notification.type }, 'push not planned'))
          .finally(finished);
      });
    },
    stats: () => ({ waiting: waitingCount, sending: running, retrying: timers.size, dropped }),
    idle() {
      return pending === 0 ? Promise.resolve() : new Promise((resolve) => idleWaiters.push(resolve));
    },
    async close() {
      closed = true;
      const dropped = waitingCount + timers.size;
      queues.clear();
      turns.length = 0;
      waitingCount = 0;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (let i = 0; i < dropped; i += 1) finished();
      await this.idle();
    },
  };
}
