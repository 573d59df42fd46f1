import type { BioSectionsResponse } from '@papo/contract/bio';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { retryServerErrors } from '../../../lib/retry';
import { bioKeys } from './bio-keys';

/** `GET /api/person/{id}`: a person or event of the biography, with its related entries. */
export function usePerson(id: string) {
  return useQuery({
    queryKey: bioKeys.person(id),
    queryFn: ({ signal }) =>
      apiFetch<BioSectionsResponse>(`/api/person/${encodeURIComponent(id)}`, { auth: false, signal }),
    retry: retryServerErrors,
  });
}
