import { z } from 'zod';
import { idParam } from './ids.js';

/** Path parameter of `GET /api/company/{id}`: a positive integer written in decimal. */
export const companyParams = z.object({
  id: idParam(),
});

/** Answer of `GET /api/company/{id}`; `name` is the brand used in page titles and footers. */
export interface Company {
  id: number;
  name: string;
  slogan: string;
  description: string;
  email: string;
  url: string;
}
