import { z } from 'zod';
import { idParam } from './ids.js';
import { apiRoute } from './api-route.js';

/** Path parameter of `GET /api/company/{id}`: a positive integer written in decimal. */
export const companyParams = z.object({
  id: idParam(),
});

/** Answer of `GET /api/company/{id}`; `name` is the brand used in page titles and footers. */
const companyAnswer = z.object({
  id: z.number(),
  name: z.string(),
  slogan: z.string(),
  description: z.string(),
  email: z.string(),
  url: z.string(),
});
export type Company = z.infer<typeof companyAnswer>;

export const companyRoutes = {
  /** Kept in memory and sent with an ETag; a missing record is 404 `company_not_found`. */
  get: apiRoute({
    method: 'GET',
    path: '/api/company/:id',
    params: companyParams,
    answer: companyAnswer,
    auth: 'public',
  }),
};
