import { Redis } from 'ioredis';
import type { ThrottledWarn } from '../realtime/throttled-warn.js';

/**
 * What the nodes tell each other (a cache entry to forget, a member's tokens revoked): one Redis publisher and
 * one subscriber on one channel, each message tagged with its topic. Without Redis there is one node and no one
 * to tell: publishing does nothing and the bus counts as hearing everything.
 */
export interface Bus {
  /** Sends `message` to every node listening to `topic`, this one included; a failure is warned, never thrown. */
  publish(topic: string, message: string): Promise<void>;
  /** Calls `onMessage` with each message of `topic` heard from Redis. */
  on(topic: string, onMessage: (message: string) => void): void;
  /** Whether this node hears the others now: always without Redis, with Redis only while subscribed. */
  readonly up: boolean;
  /** Calls `listener` each time hearing starts (again) or stops; whatever was sent in between was missed. */
  onStateChange(listener: (up: boolean) => void): void;
  /** Settles once subscribed (at once without Redis); never rejects. */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

export function createBus(opts: { redisUrl?: string; channel: string; warn: ThrottledWarn }): Bus {
  const handlers = new Map<string, ((message: string) => void)[]>();
  const stateListeners: ((up: boolean) => void)[] = [];
  let subscribed = false;
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  if (!opts.redisUrl) markReady();
  const setState = (up: boolean) => {
    subscribed = up;
    for (const listener of stateListeners) listener(up);
  };

  const pub = opts.redisUrl ? new Redis(opts.redisUrl, { maxRetriesPerRequest: 1, commandTimeout: 2_000, connectTimeout: 1_000 }) : undefined;
  // NOTE: the subscriber waits for Redis however long it takes (no per-command retry limit), like the socket adapter's.
  const sub = pub?.duplicate({ maxRetriesPerRequest: null, commandTimeout: undefined });
  pub?.on('error', (error: unknown) => opts.warn('bus_publisher_error', error));
  sub?.on('error', (error: unknown) => opts.warn('bus_subscriber_error', error));
  sub?.on('ready', () => {
    sub.subscribe(opts.channel).then(
      () => {
        setState(true);
        markReady();
      },
      (error: unknown) => opts.warn('bus_subscribe_failed', error),
    );
  });
  sub?.on('close', () => {
    if (subscribed) setState(false);
  });
  sub?.on('message', (_channel: string, raw: string) => {
    let parsed: { topic?: unknown; message?: unknown };
    try {
      parsed = JSON.parse(raw) as typeof parsed;
    } catch {
      return;
    }
    if (typeof parsed.topic !== 'string' || typeof parsed.message !== 'string') return;
    for (const handler of handlers.get(parsed.topic) ?? []) handler(parsed.message);
  });

  return {
    async publish(topic, message) {
      if (!pub) return;
      try {
        await pub.publish(opts.channel, JSON.stringify({ topic, message }));
      } catch (error) {
        // NOTE: Redis being away also unsubscribes the other nodes, which then know they missed messages.
        opts.warn('bus_publish_failed', error);
      }
    },
    on(topic, onMessage) {
      handlers.set(topic, [...(handlers.get(topic) ?? []), onMessage]);
    },
    get up() {
      return !sub || subscribed;
    },
    onStateChange(listener) {
      stateListeners.push(listener);
    },
    ready,
    async close() {
      await Promise.all([pub, sub].map((client) => client && client.quit().catch(() => client.disconnect())));
    },
  };
}
