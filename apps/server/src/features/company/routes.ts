import { companyRoutes as routes } from '@papo/contract/company';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/api-route.js';
import { sendKept } from '../../lib/shared-cache.js';
import { companyStore } from './store.js';

/** `GET /api/company/{id}`: the public company record (members-area §7), from memory, with an ETag. */
export const companyRoutes: FastifyPluginAsync = async (app) => {
  const store = companyStore(app);
  // not async: a kept record is sent without a promise (sendKept).
  serve(app, routes.get, ({ params, request, reply }) =>
    sendKept(request, reply, store.read(params.id), { audience: 'public', missing: 'company_not_found' }),
  );
};
