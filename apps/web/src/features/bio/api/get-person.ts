import { publicBioRoutes } from '@papo/contract/browser-routes/bio';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { retryServerErrors } from '../../../lib/retry';
import { bioKeys } from './bio-keys';

/** `GET /api/person/{id}`: a person or event of the biography, with its related entries. */
export function usePerson(id: string) {
  return useQuery({
    queryKey: bioKeys.person(id),
    queryFn: ({ signal }) => api(publicBioRoutes.person, { params: { id }, signal }),
    retry: retryServerErrors,
  });
}
