import { z } from 'zod';

/** Largest id every database column holds (PostgreSQL `integer`). */
export const maxId = 2_147_483_647;

/** A path or query id written in decimal: a positive integer no database column overflows on. */
export const idParam = (key = 'invalid_id') =>
  z
    .string({ error: key })
    .regex(/^[1-9][0-9]{0,9}$/, key)
    .transform(Number)
    .refine((id) => id <= maxId, key);

/**
 * A history route's bad revision (`…/revisions/{revision}`: an article's, a bio entry's or a store's): anything but a
 * decimal id names none, answered as an unknown one.
 */
export const revisionNotFound = { status: 404, key: 'revision_not_found' } as const;
