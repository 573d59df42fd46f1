import { companyParams, type Company } from '@papo/contract/company';
import type { FastifyPluginAsync } from 'fastify';
import { httpError, parseParams } from '../../lib/http-error.js';
import { findCompany } from './repo.js';

/** `GET /api/company/{id}`: the public company record (members-area §7). */
export const companyRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/company/:id', async (request): Promise<Company> => {
    const { id } = parseParams(companyParams, request.params);
    const company = await findCompany(app.db, id);
    if (!company) throw httpError(404, 'company_not_found');
    return company;
  });
};
