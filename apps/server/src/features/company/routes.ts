import { companyParams } from '@papo/contract/company';
import type { FastifyPluginAsync } from 'fastify';
import { parseParams } from '../../lib/http-error.js';
import { sendKept } from '../../lib/shared-cache.js';
import { companyStore } from './store.js';

/** `GET /api/company/{id}`: the public company record (members-area §7), from memory, with an ETag. */
export const companyRoutes: FastifyPluginAsync = async (app) => {
  const store = companyStore(app);
  // NOTE: not async: a kept record is sent without a promise (sendKept).
  app.get('/api/company/:id', (request, reply) => {
    const { id } = parseParams(companyParams, request.params);
    return sendKept(request, reply, store.read(id), { audience: 'public', missing: 'company_not_found' });
  });
};
