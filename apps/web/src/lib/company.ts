import { companyRoutes } from '@papo/contract/browser-routes/company';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';

const fallbackBrand = 'Papo';

// the site owner's record; only its name is used by the shell.
const companyQuery = queryOptions({
  queryKey: ['company', 1],
  queryFn: ({ signal }) => api(companyRoutes.get, { params: { id: 1 }, signal }),
  staleTime: Infinity,
  retry: 1,
});

/** The brand shown in titles and footers: the company name once loaded, 'Papo' until then or on failure. */
export function useBrandName(): string {
  return useQuery(companyQuery).data?.name.trim() || fallbackBrand;
}
