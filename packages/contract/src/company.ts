import { z } from 'zod';

/** Path parameter of `GET /api/company/{id}`: a positive integer written in decimal. */
export const companyParams = z.object({
  id: z.string().regex(/^[1-9][0-9]{0,9}$/, 'invalid_id').transform(Number),
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
