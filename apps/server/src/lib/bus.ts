import { randomUUID } from 'node:crypto';
import { isRecord } from '@papo/contract/records';
import { closeRedis, createRedis } from './redis.js';
import type { RedisOutage } from './redis-outage.js';
import { CompiledQuery, type Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { changesOf } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { busChannel, type PgListener } from '../db/pg-listener.js';

/**
 * What the nodes tell each other (a cache entry to forget, a member's tokens revoked), each message tagged with
 * its topic, over every way the nodes share: Redis (one publisher and one subscriber on one channel) and, on
 * PostgreSQL, the database's notifications (decision 031). A message sent both ways is handled once; the bus
 * hears the others only while every way is up. Without either there is one node and no one to tell: publishing
 * does nothing and the bus counts as hearing everything.
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

/** PostgreSQL's notifications as a way between the nodes: the node's listener, and a `pg_notify` through its pool. */
export interface PostgresWay {
  listener: PgListener;
  notify(channel: string, payload: string): Promise<void>;
}

/** The way through `db`'s notifications when it is PostgreSQL; undefined on SQLite. */
export function postgresWay(db: Kysely<Database>): PostgresWay | undefined {
  const changes = changesOf(db);
  if (!changes) return undefined;
  return {
    listener: changes.listener,
    notify: async (channel, payload) =>
      void (await db.executeQuery(CompiledQuery.raw('select pg_notify($1, $2)', [channel, payload]))),
  };
}

/** Ids of messages already handled, so the copy arriving the other way is dropped (bounded: a few seconds' worth). */
const seenKept = 4096;

export function createBus(opts: {
  redisUrl?: string;
  postgres?: PostgresWay;
  channel: string;
  /** Hears each failure by a key (the caller throttles it): the bus never throws for a transport. */
  warn: (key: string, error: unknown) => void;
  /**
   * The node's Redis outage report, which then hears the connections' errors instead of `warn`. A script that reaches
   * the nodes without being one has none: its `warn` hears everything.
   */
  outage?: RedisOutage;
}): Bus {
  const handlers = new Map<string, ((message: string) => void)[]>();
  const stateListeners: ((up: boolean) => void)[] = [];
  const { postgres } = opts;
  let subscribed = false;
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const upNow = () => (!sub || subscribed) && (!postgres || postgres.listener.listening);
  let wasUp = true;
  const stateChanged = () => {
    const up = upNow();
    if (up) markReady();
    if (up === wasUp) return;
    wasUp = up;
    for (const listener of stateListeners) listener(up);
  };
  const setState = (up: boolean) => {
    subscribed = up;
    stateChanged();
  };
  const nodeId = randomUUID();
  let sent = 0;
  const seen = new LRUCache<string, true>({ max: seenKept });
  const deliver = (raw: string) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return;
    }
    if (!isRecord(parsed) || typeof parsed.topic !== 'string' || typeof parsed.message !== 'string') return;
    if (typeof parsed.id === 'string') {
      if (seen.has(parsed.id)) return;
      seen.set(parsed.id, true);
    }
    for (const handler of handlers.get(parsed.topic) ?? []) handler(parsed.message);
  };

  const pub = opts.redisUrl
    ? createRedis(opts.redisUrl, { maxRetriesPerRequest: 1, commandTimeout: 2_000, connectTimeout: 1_000 }, (error) =>
        opts.warn('bus_command_failed', error),
      )
    : undefined;
  // the subscriber waits for Redis however long it takes (no per-command retry limit), like the socket adapter's.
  const sub = pub?.duplicate({ maxRetriesPerRequest: null, commandTimeout: undefined });
  for (const client of [pub, sub]) {
    if (!client) continue;
    if (opts.outage) opts.outage.watch(client);
    else
      client.on('error', (error: unknown) =>
        opts.warn(client === pub ? 'bus_publisher_error' : 'bus_subscriber_error', error),
      );
  }
  sub?.on('ready', () => {
    sub.subscribe(opts.channel).then(
      () => {
        setState(true);
      },
      (error: unknown) => opts.warn('bus_subscribe_failed', error),
    );
  });
  sub?.on('close', () => {
    if (subscribed) setState(false);
  });
  sub?.on('message', (_channel: string, raw: string) => deliver(raw));
  wasUp = upNow();
  if (wasUp) markReady();
  postgres?.listener.onStateChange(stateChanged);
  postgres?.listener.on(busChannel, deliver);

  return {
    async publish(topic, message) {
      if (!pub && !postgres) return;
      const raw = JSON.stringify({ id: `${nodeId}:${(sent += 1)}`, topic, message });
      await Promise.all([
        pub?.publish(opts.channel, raw).catch((error: unknown) => {
          // Redis being away also unsubscribes the other nodes, which then know they missed messages.
          opts.warn('bus_publish_failed', error);
        }),
        postgres?.notify(busChannel, raw).catch((error: unknown) => opts.warn('bus_notify_failed', error)),
      ]);
    },
    on(topic, onMessage) {
      handlers.set(topic, [...(handlers.get(topic) ?? []), onMessage]);
    },
    get up() {
      return upNow();
    },
    onStateChange(listener) {
      stateListeners.push(listener);
    },
    ready,
    async close() {
      await Promise.all([pub, sub].map((client) => client && closeRedis(client)));
    },
  };
}
