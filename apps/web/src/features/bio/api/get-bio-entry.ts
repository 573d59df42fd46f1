import { staffBioRoutes } from '@papo/contract/browser-routes/bio';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { retryServerErrors } from '../../../lib/retry';
import { bioKeys } from './bio-keys';

/** Staff, `GET /api/bio/{id}`: one entry with its version (after a conflict: the one saved meanwhile). */
export const readBioEntry = (id: number | string, signal?: AbortSignal) =>
  api(staffBioRoutes.entry, { params: { id }, signal });

/** The entry the cover screen edits. */
export function useBioEntry(id: string) {
  return useQuery({
    queryKey: bioKeys.cover(id),
    queryFn: ({ signal }) => readBioEntry(id, signal),
    retry: retryServerErrors,
  });
}
