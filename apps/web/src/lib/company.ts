import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from './api';

/** The site owner's record; only the name is used by the shell. */
interface Company {
  id: number;
  name: string;
}

const fallbackBrand = 'Papo';

const companyQuery = queryOptions({
  queryKey: ['company', 1],
  queryFn: ({ signal }) => apiFetch<Company>('/api/company/1', { signal }),
  staleTime: Infinity,
  retry: 1,
});

/** The brand shown in titles and footers: the company name once loaded, 'Papo' until then or on failure. */
export function useBrandName(): string {
  const { data } = useQuery(companyQuery);
  const name = data && typeof data.name === 'string' ? data.name.trim() : '';
  return name || fallbackBrand;
}
