import { companyParams } from '@papo/contract/company';
import type { FastifyPluginAsync } from 'fastify';
import { sendCached } from '../../lib/conditional.js';
import { httpError, parseParams } from '../../lib/http-error.js';
import { thenMaybe } from '../../lib/shared-cache.js';
import { companyStore } from './store.js';

/** `GET /api/company/{id}`: the public company record (members-area §7), from memory, with an ETag. */
export const companyRoutes: FastifyPluginAsync = async (app) => {
  const store = companyStore(app);
  // NOTE: not async: a kept record is sent without a promise (thenMaybe).
  app.get('/api/company/:id', (request, reply) => {
    const { id } = parseParams(companyParams, request.params);
    return thenMaybe(store.get(id), (company) => {
      if (!company) throw httpError(404, 'company_not_found');
      return sendCached(request, reply, company);
    });
  });
};
