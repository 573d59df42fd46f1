import type { NewsItem, NewsSource } from '@papo/contract/home';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';

/** `GET /api/newsPicker?source=&query=`: one source's results (staff); nothing is asked until a search is made. */
export function useNewsSearch(search: { source: NewsSource; query: string } | null) {
  return useQuery({
    queryKey: ['newsPicker', search?.source, search?.query],
    queryFn: ({ signal }) => apiFetch<{ results: NewsItem[] }>('/api/newsPicker', { query: search ?? {}, signal }),
    enabled: search !== null,
  });
}
