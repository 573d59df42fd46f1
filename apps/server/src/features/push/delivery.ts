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
import { sendPush } from './send.js';

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
}

const defaultRetry: RetryPolicy = { attempts: 4, firstDelayMs: 5_000, maxDelayMs: 5 * 60_000 };

/** The wait before try number `attempt + 1` (attempt counts from 1), with ±20 % jitter so retries do not march in step. */
export function retryDelayMs(policy: RetryPolicy, attempt: number, retryAfterMs?: number, random = Math.random): number {
  if (retryAfterMs !== undefined) return Math.min(retryAfterMs, policy.maxDelayMs);
  const base = Math.min(policy.firstDelayMs * 2 ** (attempt - 1), policy.maxDelayMs);
  return Math.round(base * (0.8 + 0.4 * random()));
}

interface Job {
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
  const { db, log } = options;

  const waiting: Job[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let running = 0;
  let dropped = 0;
  // NOTE: everything scheduled and not yet finished: planning, waiting, sending and waiting to retry.
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
    if (waiting.length >= maxWaiting) {
      log.warn({ type: job.plan.message.type }, 'push dropped: too many waiting');
      dropped += 1;
      return finished();
    }
    waiting.push(job);
    pump();
  }

  function pump(): void {
    while (running < concurrency) {
      const job = waiting.shift();
      if (!job) return;
      running += 1;
      attempt(job)
        .catch((error: unknown) => {
          // NOTE: sendPush answers every failure; this is a bug's last line, never an unhandled rejection.
          log.error({ err: error }, 'push failed');
          finished();
        })
        .finally(() => {
          running -= 1;
          pump();
        });
    }
  }

  async function attempt(job: Job): Promise<void> {
    const { subscription, plan } = job;
    const payload = JSON.stringify({ ...plan.message, language: subscription.language });
    const outcome = await sendPush(subscription, payload, { vapid: options.vapid, ttlSeconds, urgency: plan.urgency, topic: plan.topic, timeoutMs });
    const host = new URL(subscription.endpoint).host;
    if (outcome.kind === 'delivered') return finished();
    if (outcome.kind === 'gone') {
      log.info({ host, status: outcome.status }, 'push subscription gone: forgotten');
      await forgetEndpoint(db, subscription.endpoint).catch((error: unknown) => log.warn({ err: error }, 'push subscription not forgotten'));
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
    const timer = setTimeout(() => {
      timers.delete(timer);
      enqueue({ ...job, attempt: job.attempt + 1 });
    }, retryDelayMs(retry, job.attempt, outcome.retryAfterMs));
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
      enqueue({ subscription, plan: planned, attempt: 1 });
    }
  }

  return {
    notified(notification, about) {
      if (closed) return;
      started();
      // NOTE: the next turn of the event loop: the caller's answer or message goes first.
      setImmediate(() => {
        plan(notification, about)
          .catch((error: unknown) => log.warn({ err: error, type: notification.type }, 'push not planned'))
          .finally(finished);
      });
    },
    stats: () => ({ waiting: waiting.length, sending: running, retrying: timers.size, dropped }),
    idle() {
      return pending === 0 ? Promise.resolve() : new Promise((resolve) => idleWaiters.push(resolve));
    },
    async close() {
      closed = true;
      const dropped = waiting.splice(0).length + timers.size;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (let i = 0; i < dropped; i += 1) finished();
      await this.idle();
    },
  };
}
