import { mkdir, readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerFactory,
  type FastifyServerOptions,
} from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import { openDatabase, reachDatabase, type DatabaseHandle, type Dialect } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { upgradeSafely } from './backup.js';
import type { Database } from './db/schema.js';
import { defaultCompany, seedDatabase } from './db/seed/seed.js';
import { articleFeedRoutes, articleSitemap } from './features/articles/feeds.js';
import { articlePreviews, authorPreviews, lyricCards } from './features/articles/social-preview.js';
import { seedArticles } from './features/articles/seed/seed.js';
import { seedBio } from './features/bio/seed/seed.js';
import { seedDemoAccounts } from './features/home/demo-accounts.js';
import { accountRoutes } from './features/account/routes.js';
import { articleRoutes } from './features/articles/routes.js';
import { authRoutes } from './features/auth/routes.js';
import { channelPreviews, channelSitemap } from './features/channels/social-preview.js';
import { channelRoutes } from './features/channels/routes.js';
import { createChannelAccess } from './features/chat/access.js';
import { createChatContext } from './features/chat/context.js';
import { chatRoutes } from './features/chat/routes.js';
import { sendChannelTyping } from './features/chat/typing.js';
import { ircGateway } from './features/irc/gateway.js';
import { findBrandName, findSiteDescription } from './features/company/repo.js';
import { companyRoutes } from './features/company/routes.js';
import { bioRoutes } from './features/bio/routes.js';
import { personPreviews } from './features/bio/social-preview.js';
import { bioSitemap } from './features/bio/sitemap.js';
import { blockRoutes } from './features/blocks/routes.js';
import { openChannelRoutes } from './features/open-channels/routes.js';
import { memberPictureRoutes } from './features/member-pictures/routes.js';
import { contactRoutes } from './features/contact/routes.js';
import { operationsRoutes } from './features/operations/index.js';
import { startReleaseScheduler, type ReleaseScheduler } from './features/editor/release.js';
import { editorRoutes } from './features/editor/routes.js';
import { movedPage } from './features/redirects/slug-redirects.js';
import { createConversationMembership } from './features/conversations/membership.js';
import { conversationRoutes } from './features/conversations/routes.js';
import { healthRoutes } from './features/health/routes.js';
import { homeRoutes } from './features/home/routes.js';
import { installRoutes } from './features/install/routes.js';
import { ircInfoRoutes } from './features/irc-info/routes.js';
import { musicRoutes } from './features/media/music-routes.js';
import { pictureRoutes } from './features/media/picture-routes.js';
import { videoCards, videoPreviews, videoSitemap } from './features/media/social-preview.js';
import { mediaRoutes } from './features/media/routes.js';
import { nicknameRoutes } from './features/nicknames/routes.js';
import { createNicknameSource } from './features/nicknames/sockets.js';
import { notifyContactReply } from './features/notifications/contact-replied.js';
import { notificationRoutes } from './features/notifications/routes.js';
import { profileRoutes } from './features/profile/routes.js';
import { pushRoutes, type Resolver } from './features/push/routes.js';
import { searchRoutes } from './features/search/routes.js';
import { siteRoutes } from './features/site/routes.js';
import { uploadRoutes } from './features/uploads/routes.js';
import { storeCards, storePreviews, storeSitemap } from './features/stores/social-preview.js';
import { publicStoreRoutes } from './features/stores/public-routes.js';
import { staffStoreRoutes } from './features/stores/staff-routes.js';
import { seedStores } from './features/stores/seed.js';
import { installErrorHandler } from './lib/http-error.js';
import { loggerOptions, registerRequestLog, warnOfUntrustedProxy } from './lib/logger.js';
import { metricsPlugin } from './lib/metrics.js';
import { registerMultipart } from './lib/multipart.js';
import { registerRateLimit } from './lib/rate-limit.js';
import { redisAnswers } from './lib/redis.js';
import { redisOutageOf } from './lib/redis-outage.js';
import { pageCards, shareCardRoutes } from './lib/share-card.js';
import { createRouteCollector } from './lib/route-list.js';
import { resolveJwtSecret } from './lib/secret.js';
import { registerSecurityHeaders } from './lib/security.js';
import { createBus, postgresWay, type Bus } from './lib/bus.js';
import { createRevocations, type Revocations } from './lib/revocation.js';
import { cachePlugin } from './lib/shared-cache.js';
import { createTokenService, type TokenService } from './lib/tokens.js';
import {
  createSharedUploadsCheck,
  openUploadStorage,
  registerUploadLimits,
  registerUploads,
  type UploadStorage,
} from './features/uploads/index.js';
import { defaultWebDist, registerWebApp, releaseTime } from './web.js';
import { mailerPlugin } from './providers/mail.js';
import { providersPlugin } from './providers/plugin.js';
import { realtimePlugin } from './realtime/plugin.js';
import { createThrottledWarn } from './realtime/throttled-warn.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<Database>;
    dialect: Dialect;
    tokens: TokenService;
    /** Publishes scheduled articles at their time (features/editor/release.ts). */
    releases: ReleaseScheduler;
    /** Ends a member's access tokens (logout, password reset) on every node. */
    revocations: Revocations;
    /** What this node tells the others and hears from them (cache invalidations, token revocations). */
    bus: Bus;
    /** Every registered route as `METHOD /path` with `{param}` placeholders, sorted; HEAD omitted. */
    routeList(): string[];
  }
}

export interface BuildAppOptions {
  config: Config;
  /** An open database to use; the app then leaves closing it to the caller. */
  db?: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** How outside names are resolved (push endpoints, imported images); tests pass their own so no real name is ever looked up. */
  resolver?: Resolver;
}

/**
 * The largest JSON or form body any route takes (the longest reply, 10,000 characters of 4 bytes, fits); files
 * come as multipart, whose limits are per route (5 MB for a picture).
 */
const jsonBodyLimit = 64 * 1024;

/** Sockets one member may hold open on a node: tabs and devices, with room to spare. */
const maxSocketsPerUser = 20;

/** How long a starting node gives Redis to accept its first connection before it stops waiting for it anywhere. */
const redisProbeTimeoutMs = 1000;

/**
 * How long an idle keep-alive connection stays open: Fastify's own default, longer than the 60 s idle timeout of
 * the usual load balancers and proxies, so they never send a request on a connection the node is closing (a 502).
 * a server factory skips Fastify's setting; Node's own is 5 s.
 */
export const keepAliveTimeoutMs = 72_000;

/**
 * An HTTP server that cuts off a client taking longer than `requestTimeoutMs` to send its request (headers and
 * body), checked every second rather than Node's default 30 s, so a slow-body attack holds a connection briefly.
 */
function slowClientTimeouts(requestTimeoutMs: number): FastifyServerFactory<http.Server> {
  return (handler) => {
    const server = http.createServer(
      {
        requestTimeout: requestTimeoutMs,
        headersTimeout: requestTimeoutMs,
        connectionsCheckingInterval: Math.min(1000, requestTimeoutMs),
      },
      handler,
    );
    server.keepAliveTimeout = keepAliveTimeoutMs;
    return server;
  };
}

/** A hop count trusts that many proxies in front of the server (as Express does); a list names them. */
function trustedProxies(
  setting: Config['TRUST_PROXY'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (setting === undefined) return false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

/**
 * Builds the whole app: database (opened, migrated, seeded when empty), decorations, plugins and
 * routes. It does not listen; main.ts does, and tests call `app.inject`.
 */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const app = await buildPlatform(opts);
  await registerFeatures(app, opts);
  return app;
}

/**
 * The server every feature stands on: the database, uploads, bus and tokens it decorates, then the request-wide
 * plugins (errors, logging, headers, bodies, limits, metrics, cache, mail, providers, sockets). Closed again when
 * preparing the database or the secrets fails, so a failed start leaves nothing open.
 */
async function buildPlatform(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = opts;
  await mkdir(config.DATA_DIR, { recursive: true });
  const app = Fastify({
    logger: opts.logger ?? loggerOptions(config),
    // registerRequestLog writes the one access line, at a level by outcome (lib/logger.ts).
    logController: new LogController({ disableRequestLogging: true }),
    return503OnClosing: true,
    // off unless configured: trusting X-Forwarded-For from anyone would let a client pick the address the
    // per-IP limits count.
    trustProxy: trustedProxies(config.TRUST_PROXY),
    bodyLimit: jsonBodyLimit,
    serverFactory: slowClientTimeouts(config.REQUEST_TIMEOUT_MS),
    // Malformed URLs never reach a route or the error handler; answer them in the API's shape too.
    // a cast: the hook's reply is generic over route types no route here declares, and `send` refuses any body then.
    frameworkErrors: (_error, _request, reply) =>
      void (reply as FastifyReply).status(400).send({ message: 'bad_request' }),
  });
  if (config.REDIS_URL) {
    // asked first, so the answer is known (or a refusal heard) while the database is prepared.
    app.decorate('redisAtStart', redisAnswers(config.REDIS_URL, redisProbeTimeoutMs));
    redisOutageOf(app, config.REDIS_URL);
  }
  const routes = createRouteCollector();
  app.addHook('onRoute', routes.onRoute);
  app.decorate('routeList', routes.list);

  const handle =
    opts.db ??
    openDatabase(
      config.DATABASE_URL ? { url: config.DATABASE_URL } : { sqliteFile: path.join(config.DATA_DIR, 'papo.sqlite') },
      { onError: (error) => app.log.warn({ err: error }, 'database connection lost') },
    );
  if (!opts.db) app.addHook('onClose', () => handle.close());
  const uploads = openUploadStorage(config);
  app.decorate('uploads', uploads);
  app.addHook('onClose', () => uploads.close());
  try {
    await prepareDatabase(app, handle, config, uploads, !opts.db);
    const secret = await resolveJwtSecret({ configured: config.JWT_SECRET, dataDir: config.DATA_DIR });
    const bus = createBus({
      redisUrl: config.REDIS_URL,
      postgres: postgresWay(handle.db),
      channel: `${config.REDIS_PREFIX}:bus`,
      ...(config.REDIS_URL
        ? { outage: app.redisOutage, warn: app.redisOutage.quiet(createThrottledWarn(app.log)) }
        : { warn: createThrottledWarn(app.log) }),
    });
    app.addHook('onClose', () => bus.close());
    app.decorate('bus', bus);
    const revocations = createRevocations({ db: handle.db, bus });
    app.decorate('revocations', revocations);
    app.decorate(
      'tokens',
      createTokenService(secret, { isRevoked: revocations.isRevoked, revokedNow: revocations.revokedNow }),
    );
  } catch (error) {
    await app.close();
    throw error;
  }
  app.decorate('config', config);
  const uploadsCheck = createSharedUploadsCheck({
    bus: app.bus,
    storage: uploads,
    log: app.log,
    location: config.UPLOADS_URL?.url ?? uploads.location,
    enabled: Boolean(config.REDIS_URL),
    nodeLocal: config.UPLOADS_URL === undefined,
  });
  app.decorate('uploadsCheck', uploadsCheck);
  app.addHook('onReady', async () => uploadsCheck.start());
  app.addHook('onClose', () => uploadsCheck.stop());
  app.decorate('db', handle.db);
  app.decorate('dialect', handle.dialect);

  installErrorHandler(app);
  registerRequestLog(app);
  if (config.TRUST_PROXY === undefined) warnOfUntrustedProxy(app);
  await registerSecurityHeaders(app, { googleSignIn: Boolean(config.GOOGLE_CLIENT_ID) });
  await app.register(formbody);
  await registerMultipart(app, { limits: { fileSize: 5 * 1024 * 1024, files: 1 } });
  await registerRateLimit(app, config.REDIS_URL, config.REDIS_PREFIX);
  registerUploadLimits(app, {
    member: config.UPLOAD_RATE_MEMBER,
    address: config.UPLOAD_RATE_ADDRESS,
    windowMs: config.UPLOAD_RATE_WINDOW_MS,
  });
  await app.register(metricsPlugin);
  await app.register(cachePlugin);
  await app.register(mailerPlugin);
  await app.register(providersPlugin);
  await app.register(realtimePlugin, {
    tokens: app.tokens,
    revocations: app.revocations,
    redisUrl: config.REDIS_URL,
    redisKey: config.REDIS_PREFIX,
    conversations: createConversationMembership(app.db),
    channels: createChannelAccess(app.db),
    nicknames: createNicknameSource(app.db),
    allowedOrigins: [new URL(config.PUBLIC_URL).origin, ...(config.ALLOWED_ORIGINS ?? [])],
    maxSocketsPerUser,
    connectTimeoutMs: config.SOCKET_CONNECT_TIMEOUT_MS,
    reauthGraceMs: config.SOCKET_REAUTH_GRACE_MS,
    presence: { reconnectGraceMs: config.SOCKET_RECONNECT_GRACE_MS },
  });
  return app;
}

/** The features' routes, in the order their hooks and shared decorations need, and the web app's pages last. */
async function registerFeatures(app: FastifyInstance, opts: BuildAppOptions): Promise<void> {
  const { config } = opts;
  await app.register(pushRoutes, { resolve: opts.resolver });
  await app.register(healthRoutes);
  await app.register(operationsRoutes);
  // cookies are read and set by the sign-in calls and the survey only; registered around them, the cookie
  // plugin's two hooks (parse on every request, write on every answer) no longer run for every other call (decision 020).
  await app.register(async (withCookies) => {
    await withCookies.register(cookie);
    await withCookies.register(authRoutes);
    await withCookies.register(homeRoutes);
  });
  await app.register(companyRoutes);
  await app.register(channelRoutes);
  const chat = await createChatContext(app, {
    realtime: app.realtime,
    redisUrl: config.REDIS_URL,
    redisKey: config.REDIS_PREFIX,
  });
  await app.register(chatRoutes, { realtime: app.realtime, context: chat });
  if (config.IRC_PORT !== undefined) {
    const tls =
      config.IRC_TLS_CERT && config.IRC_TLS_KEY
        ? { cert: await readFile(config.IRC_TLS_CERT, 'utf8'), key: await readFile(config.IRC_TLS_KEY, 'utf8') }
        : undefined;
    await app.register(ircGateway, {
      port: config.IRC_PORT,
      host: config.IRC_HOST,
      tls,
      chat,
      limits: { perAddress: config.IRC_CONNECTIONS_PER_ADDRESS },
    });
  }
  await app.register(profileRoutes);
  await app.register(accountRoutes);
  await app.register(nicknameRoutes, { realtime: app.realtime });
  await registerUploads(app, { publicUrl: config.UPLOADS_PUBLIC_URL });
  await app.register(contactRoutes, { onReplied: [notifyContactReply(app)] });
  await app.register(notificationRoutes);
  await app.register(conversationRoutes, {
    realtime: app.realtime,
    channelTyping: (userId, input) => sendChannelTyping({ db: app.db, rt: app.realtime }, userId, input),
  });
  await app.register(blockRoutes);
  await app.register(openChannelRoutes);
  await app.register(memberPictureRoutes);
  await app.register(articleRoutes);
  await app.register(searchRoutes);
  const releases = startReleaseScheduler(app);
  app.decorate('releases', releases);
  app.addHook('onClose', async () => {
    releases.stop();
    await releases.settled();
  });
  await app.register(uploadRoutes);
  await app.register(editorRoutes, { releases, resolve: opts.resolver });
  await app.register(publicStoreRoutes);
  await app.register(staffStoreRoutes);
  await app.register(bioRoutes);
  const brand = async () => (await findBrandName(app.db)) ?? defaultCompany.name;
  const description = async () => (await findSiteDescription(app.db)) ?? defaultCompany.description;
  await app.register(articleFeedRoutes, { brand, description });
  await app.register(mediaRoutes);
  await app.register(shareCardRoutes, {
    sources: { pages: pageCards(app), lyrics: lyricCards(app), stores: storeCards(app), videos: videoCards(app) },
  });
  await app.register(pictureRoutes);
  await app.register(musicRoutes);
  await app.register(siteRoutes, {
    sitemapSources: [
      articleSitemap(app.db),
      storeSitemap(app),
      videoSitemap(app),
      bioSitemap(app.db),
      channelSitemap(app),
    ],
    releasedAt: releaseTime(config.WEB_DIST ?? defaultWebDist),
  });
  await app.register(installRoutes, { brand });
  await app.register(ircInfoRoutes);
  const origin = new URL(config.PUBLIC_URL).origin;
  await registerWebApp(app, config.WEB_DIST ?? defaultWebDist, {
    previews: [
      articlePreviews(),
      authorPreviews(),
      videoPreviews(app),
      storePreviews(),
      personPreviews(),
      channelPreviews(),
    ],
    redirects: [movedPage(app)],
    site: async () => ({ origin, brand: await brand() }),
  });
}

/** `configured`: the database is the one the configuration names (not one a test handed in), so it can be backed up. */
async function prepareDatabase(
  app: FastifyInstance,
  handle: DatabaseHandle,
  config: Config,
  uploads: UploadStorage,
  configured: boolean,
): Promise<void> {
  if (configured && config.DATABASE_URL) await reachDatabase(handle, config.DATABASE_URL);
  const safely = upgradeSafely(config, handle.dialect, (backup, pending) =>
    app.log.info({ backup, pending }, 'database saved before migrating'),
  );
  const applied = await migrateToLatest(handle.db, configured ? safely : { rollback: safely.rollback });
  if (applied.length) {
    // a new site applies every migration: their names would make one very long line at info.
    const now = applied.at(-1);
    app.log.info({ applied: applied.length, now }, `applied ${applied.length} migrations, now at ${now}`);
    app.log.debug({ migrations: applied }, 'migrations applied');
  }
  if (await seedDatabase(handle.db, { dialect: handle.dialect, publicUrl: config.PUBLIC_URL })) {
    app.log.info('seeded an empty database with the company record and the public channels');
    if (config.demoContent) {
      const siteOrigin = new URL(config.PUBLIC_URL).origin;
      const articles = await seedArticles({ db: handle.db, dialect: handle.dialect, siteOrigin, uploads });
      app.log.info({ articles }, 'demo content: blog articles and lyrics');
      const stores = await seedStores({ db: handle.db, dialect: handle.dialect, uploads });
      app.log.info({ stores }, 'demo content: shops and course stores');
      const bio = await seedBio({ db: handle.db, dialect: handle.dialect, uploads });
      app.log.info({ bio }, 'demo content: biography years, events and people');
      // accounts that can sign in are never made in production, even with DEMO_CONTENT forced on;
      // their passwords are printed once, at the start that creates them, and only their hashes are stored.
      if (config.NODE_ENV !== 'production') {
        const accounts = await seedDemoAccounts(handle.db);
        app.log.info(
          { accounts },
          'demo content: demo accounts (sign in with these; the passwords are not shown again)',
        );
      }
    }
  }
}
