import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { Server } from 'socket.io';
import { socketPath } from '@papo/contract/socket-events';
import type { Revocations } from '../lib/revocation.js';
import type { TokenService } from '../lib/tokens.js';
import { worthWaitingForRedis } from '../lib/redis.js';
import { createHandshakeAuth, limitSocketsPerUser, originCheck, watchSignIns } from './handshake-auth.js';
import { listenForRenames } from './nickname-change.js';
import { attachRedisAdapter } from './redis-adapter.js';
import { RoomOutbox } from './room-outbox.js';
import { defaultPresenceTimings, RoomPresence, type PresenceTimings } from './room-presence.js';
import { handleConnection } from './socket-handlers.js';
import { createThrottledWarn } from './throttled-warn.js';
import { redisOutageOf } from '../lib/redis-outage.js';
import type { PapoServer } from './socket-types.js';
import type { ChannelAccess, ConversationMembership, NicknameSource, RealtimeContext } from './types.js';

export interface RealtimeOptions {
  tokens: TokenService;
  /** Sign-outs that close open sockets, and re-authentication when a socket's token expires; tests may leave it out. */
  revocations?: Revocations;
  /** How long a socket whose token expired may take to send a fresh one. */
  reauthGraceMs?: number;
  /** Set → rooms are shared with every node through the Redis adapter. */
  redisUrl?: string;
  /** Prefix of the adapter's Redis channels; separate deployments (or test runs) on one Redis use their own. */
  redisKey?: string;
  /** Without it nobody can join a `conversation_<id>` room. */
  conversations?: ConversationMembership;
  /** Channel bans, creation on first join and levels in presence (features/chat); without it channels are open. */
  channels?: ChannelAccess;
  /** Selected nicknames and the client's `change-nickname` (features/nicknames); without it sockets chat under the token's name. */
  nicknames?: NicknameSource;
  /** Origins whose pages may open a socket besides the server's own host; without it any origin may (tests). */
  allowedOrigins?: readonly string[];
  /** Open sockets one member may hold on this node; the next is refused with `too_many_connections`. */
  maxSocketsPerUser?: number;
  /** A connection that has not completed the Socket.IO handshake within this time is closed. */
  connectTimeoutMs?: number;
  /** Presence timings; tests shorten them (decision 014 gives the defaults). */
  presence?: Partial<PresenceTimings>;
}

function startWithin(started: Promise<void>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
    // a start that fails (its subscription flushed as the node closes during an outage) only ends the wait.
    const settle = () => {
      clearTimeout(timer);
      resolve();
    };
    started.then(settle, settle);
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    io: PapoServer;
    /** The one real-time context; features that broadcast get it passed in their options. */
    realtime: RealtimeContext;
    /** 'connected' or 'unavailable' with REDIS_URL, 'off' without: what /readyz reports. */
    realtimeRedis(): 'connected' | 'unavailable' | 'off';
  }
}

const realtime: FastifyPluginAsync<RealtimeOptions> = async (app, options) => {
  const io: PapoServer = new Server(app.server, {
    path: socketPath,
    serveClient: false,
    connectTimeout: options.connectTimeoutMs ?? 10_000,
    ...(options.allowedOrigins ? { allowRequest: originCheck(options.allowedOrigins) } : {}),
  });
  const shared = options.redisUrl
    ? { url: options.redisUrl, key: options.redisKey ?? 'papo', outage: redisOutageOf(app, options.redisUrl) }
    : undefined;
  // while Redis is away, what fails for want of it is the one outage already reported.
  const warn = shared ? shared.outage.quiet(createThrottledWarn(app.log)) : createThrottledWarn(app.log);
  const redis = shared ? attachRedisAdapter(io, shared.url, shared.key, warn, shared.outage) : undefined;
  const outbox = new RoomOutbox(io, redis !== undefined, (error) => warn('broadcast_failed', error));
  const presence = new RoomPresence(io, {
    outbox,
    redis: shared,
    timings: { ...defaultPresenceTimings, ...options.presence },
    warn,
  });
  // a node started while Redis is away serves its own sockets at once and catches up later.
  await startWithin(presence.start(), (await worthWaitingForRedis(app)) ? 2_000 : 0);
  const { conversations, channels, nicknames } = options;
  const to = (target: string | string[]) => {
    outbox.flush();
    return io.to(target);
  };
  const ctx: RealtimeContext = {
    io,
    log: app.log,
    warn,
    presence,
    outbox,
    to,
    closing: false,
    answering: new Set(),
    conversations,
    channels,
    nicknames,
    reachesOtherNodes: async () => (redis ? redis.reachable() : true),
  };
  listenForRenames(ctx);

  io.use(createHandshakeAuth(options.tokens));
  if (options.maxSocketsPerUser) io.use(limitSocketsPerUser(options.maxSocketsPerUser));
  if (options.revocations)
    watchSignIns(io, {
      tokens: options.tokens,
      revocations: options.revocations,
      reauthGraceMs: options.reauthGraceMs,
    });
  io.on('connection', (socket) => handleConnection(ctx, socket));
  app.decorate('io', io);
  app.decorate('realtime', ctx);
  app.decorate('realtimeRedis', () => (redis ? (redis.connected() ? 'connected' : 'unavailable') : 'off'));

  // open WebSockets keep the HTTP server from closing, and Fastify closes it
  // before onClose hooks run, so the sockets are closed in preClose.
  app.addHook('preClose', async () => {
    ctx.closing = true;
    await Promise.allSettled([...ctx.answering]);
    outbox.flush();
    // closing the transports (not disconnecting each socket) is what tells clients to reconnect, to another node.
    await io.close();
  });
  app.addHook('onClose', async () => {
    await presence.close();
    await redis?.close();
  });
};

/** Socket.IO on the app's HTTP server at the contract's path, with auth, rooms and presence. */
export const realtimePlugin = fp(realtime, { name: 'papo-realtime', fastify: '5.x' });
