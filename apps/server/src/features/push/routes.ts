import { pushKinds, pushSubscriptionBody, pushUnsubscribeBody, type PushKey, type PushSubscribed } from '@papo/contract/push';
import fp from 'fastify-plugin';
import { currentUser, signedIn } from '../../lib/guard.js';
import { httpError, parseBody } from '../../lib/http-error.js';
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
}

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether the server may send to this endpoint: https always; plain http only outside production and only to this
 * machine, where a local server plays the push service (development and tests).
 */
function endpointRefusal(endpoint: string, production: boolean): 'invalid_push_endpoint' | 'push_endpoint_not_https' | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'invalid_push_endpoint';
  }
  if (url.protocol === 'https:') return null;
  return !production && loopbackHosts.has(url.hostname) ? null : 'push_endpoint_not_https';
}

/** The server's VAPID key and the member's devices; decorates `app.push`, which `notify` hands each notification. */
export const pushRoutes = fp<PushRoutesOptions>(
  async (app, options) => {
    const vapid = await resolveVapidDetails(app.config);
    if (vapid.generated && app.config.NODE_ENV === 'production') {
      app.log.warn('VAPID keys generated into DATA_DIR: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when several nodes run');
    }
    const delivery = createPushDelivery({ db: app.db, realtime: app.realtime, vapid, log: app.log, retry: options.retry });
    app.decorate('push', delivery);
    app.addHook('onClose', () => delivery.close());
    const production = app.config.NODE_ENV === 'production';

    app.get('/api/push/key', async (_request, reply): Promise<PushKey> => {
      reply.header('cache-control', 'public, max-age=3600');
      return { publicKey: vapid.publicKey };
    });

    await app.register(async (members) => {
      members.addHook('onRequest', signedIn);

      members.post('/api/push/subscriptions', async (request, reply): Promise<PushSubscribed> => {
        const body = parseBody(pushSubscriptionBody, request.body);
        const refusal = endpointRefusal(body.endpoint, production);
        if (refusal) throw httpError(400, refusal, { endpoint: [refusal] });
        try {
          // NOTE: the keys are used once now, so keys that could never encrypt a push are refused here, not at each push.
          requestDetails(body, 'x', { vapid, ttlSeconds: 0, urgency: 'normal' });
        } catch {
          throw httpError(400, 'invalid_push_key', { keys: ['invalid_push_key'] });
        }
        const wanted = body.kinds;
        const kinds = wanted ? pushKinds.filter((kind) => wanted.includes(kind)) : [...pushKinds];
        const { userId, sessionId } = currentUser(request);
        await saveSubscription(app.db, { userId, endpoint: body.endpoint, ...body.keys, kinds, language: body.language ?? 'pt', sessionId: sessionId ?? null });
        reply.status(201);
        return { status: 'success', kinds };
      });

      members.delete('/api/push/subscriptions', async (request, reply) => {
        const { endpoint } = parseBody(pushUnsubscribeBody, request.body);
        if (!(await deleteSubscription(app.db, currentUser(request).userId, endpoint))) throw httpError(404, 'push_subscription_not_found');
        return reply.status(204).send();
      });
    });
  },
  { name: 'push' },
);
