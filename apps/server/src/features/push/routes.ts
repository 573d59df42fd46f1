import { pushKinds, pushRoutes as routes } from '@papo/contract/push';
import fp from 'fastify-plugin';
import { serve } from '../../lib/api-route.js';
import { httpError, retryAfter } from '../../lib/http-error.js';
import { checkEndpoint, systemResolver, type Resolver } from './endpoint-guard.js';

export type { Resolver } from './endpoint-guard.js';
import { createPushDelivery, type PushDelivery, type RetryPolicy } from './delivery.js';
import { resolveVapidDetails } from './keys.js';
import { deleteSubscription, saveSubscription } from './repo.js';
import { requestDetails } from './send.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Web push of members' notifications to their devices (decision 026). */
    push: PushDelivery;
  }
}

export interface PushRoutesOptions {
  retry?: Partial<RetryPolicy>;
  /** How endpoint names are resolved; tests pass their own so no real name is looked up. */
  resolve?: Resolver;
}

/** Subscriptions one member may register in the window, and one address (each costs an ECDH and a signature). */
export const pushRegistrationLimits = {
  perMember: { max: 30, timeWindow: 60 * 60_000 },
  perAddress: { max: 120, timeWindow: 60 * 60_000 },
};

/** The server's VAPID key and the member's devices; decorates `app.push`, which `notify` hands each notification. */
export const pushRoutes = fp<PushRoutesOptions>(
  async (app, options) => {
    const vapid = await resolveVapidDetails(app.config);
    if (vapid.generated && app.config.NODE_ENV === 'production') {
      app.log.warn(
        'VAPID keys generated into DATA_DIR: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when several nodes run',
      );
    }
    const production = app.config.NODE_ENV === 'production';
    const resolve = options.resolve ?? systemResolver;
    const delivery = createPushDelivery({
      db: app.db,
      realtime: app.realtime,
      vapid,
      log: app.log,
      retry: options.retry,
      production,
      resolve,
    });
    app.decorate('push', delivery);
    app.addHook('onClose', () => delivery.close());
    const perMember = app.hasDecorator('keyRateLimit') ? app.keyRateLimit(pushRegistrationLimits.perMember) : undefined;

    serve(app, routes.key, ({ reply }) => {
      reply.header('cache-control', 'public, max-age=3600');
      return { publicKey: vapid.publicKey };
    });

    serve(
      app,
      routes.subscribe,
      async ({ body, user }) => {
        const wait = await perMember?.(`push-subscribe:user:${user.userId}`);
        if (wait !== undefined) throw retryAfter(httpError(429, 'too_many_requests'), wait);
        const checked = await checkEndpoint(body.endpoint, { production, resolve });
        if (typeof checked === 'string') throw httpError(400, checked, { endpoint: [checked] });
        try {
          // the keys are used once now, so keys that could never encrypt a push are refused here, not at each push.
          requestDetails(body, 'x', { vapid, ttlSeconds: 0, urgency: 'normal' });
        } catch {
          throw httpError(400, 'invalid_push_key', { keys: ['invalid_push_key'] });
        }
        const wanted = body.kinds;
        const kinds = wanted ? pushKinds.filter((kind) => wanted.includes(kind)) : [...pushKinds];
        await saveSubscription(app.db, {
          userId: user.userId,
          endpoint: body.endpoint,
          ...body.keys,
          kinds,
          language: body.language ?? 'pt',
          sessionId: user.sessionId ?? null,
        });
        return { status: 'success' as const, kinds };
      },
      { config: { rateLimit: pushRegistrationLimits.perAddress } },
    );

    serve(app, routes.unsubscribe, async ({ body, user, reply }) => {
      if (!(await deleteSubscription(app.db, user.userId, body.endpoint)))
        throw httpError(404, 'push_subscription_not_found');
      return reply.status(204).send();
    });
  },
  { name: 'push' },
);
