import type { BioStaffSection } from '@papo/contract/bio';
import { staffBioRoutes } from '@papo/contract/browser-routes/bio';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { retryServerErrors } from '../../../lib/retry';
import { bioKeys } from './bio-keys';

/** An entry in the editor: `id` null until saved; its version (0 when new) goes back as `If-Match`. */
export type BioDraft = Omit<BioStaffSection, 'id'> & { id: number | null };

/** Staff, `GET /api/bio?filter=`: every entry of a kind, for the editor, each with its version. */
export function useBioEntries(filter: 'years' | 'events') {
  return useQuery({
    queryKey: bioKeys.staffList(filter),
    queryFn: ({ signal }) => api(staffBioRoutes.list, { query: { filter }, signal }),
    retry: retryServerErrors,
  });
}
