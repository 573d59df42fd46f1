import { chatLimits } from '@papo/contract/chat';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { RealtimeContext } from '../../realtime/types.js';
import { notify } from '../notifications/index.js';
import type { NotificationAbout } from '../push/index.js';
import { worthWaitingForRedis } from '../../lib/redis.js';
import { redisOutageOf } from '../../lib/redis-outage.js';
import { createMemoryFlood, createRedisFlood, type FloodControl } from './flood.js';
import { startReplay } from './replay.js';
import type { ReplayRing } from './replay-ring.js';

/** What the chat services need: the database, the real-time context, flood control, the replay ring and notifications. */
export interface ChatContext {
  db: Kysely<Database>;
  rt: RealtimeContext;
  flood: FloodControl;
  /** The last two minutes of each channel, in memory, for sockets back from a short drop. */
  replay: ReplayRing;
  /** Stores and pushes a notification without holding up the caller; a failure is logged. */
  notify(input: { userTo: number; type: string; message: string; by?: string; about?: NotificationAbout }): void;
}

export interface ChatOptions {
  /** The app's one real-time context (`app.realtime`, built by the realtime plugin). */
  realtime: RealtimeContext;
  /** Set → flood limits are shared by every node through Redis. */
  redisUrl?: string;
  /** Prefix of the flood keys in Redis; separate deployments (or test runs) on one Redis use their own. */
  redisKey?: string;
}

export async function createChatContext(app: FastifyInstance, options: ChatOptions): Promise<ChatContext> {
  const { realtime: rt } = options;
  const buckets = { burst: chatLimits.floodBurst, perSecond: chatLimits.floodPerSecond };
  const flood = options.redisUrl
    ? await createRedisFlood({
        ...buckets,
        url: options.redisUrl,
        prefix: `${options.redisKey ?? 'papo'}-flood:`,
        warn: rt.warn,
        outage: redisOutageOf(app, options.redisUrl),
        waitForRedis: await worthWaitingForRedis(app),
      })
    : createMemoryFlood(buckets);
  app.addHook('onClose', () => flood.close());
  return {
    db: app.db,
    rt,
    flood,
    replay: startReplay(app, rt),
    notify(input) {
      notify(app, input).catch((error: unknown) =>
        app.log.error({ err: error, type: input.type }, 'chat notification failed'),
      );
    },
  };
}
