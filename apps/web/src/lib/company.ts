import { companyRoutes } from '@papo/contract/browser-routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';

const fallbackBrand = 'Papo';

const companyQuery = queryOptions({
  queryKey: ['company', 1],
  queryFn: ({ signal }) => api(companyRoutes.get, { params: { id: 1 }, signal }),
  staleTime: Infinity,
  retry: 1,
});

/** The brand shown in titles and footers: the company name once loaded, 'Papo' until then or on failure. */
export function useBrandName(): string {
  const { data } = useQuery(companyQuery);
  const name = data ? data.name.trim() : '';
  return name || fallbackBrand;
}
