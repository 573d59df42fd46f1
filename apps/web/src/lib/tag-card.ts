import { publicBioRoutes } from '@papo/contract/browser-routes/bio';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';
import { retryServerErrors } from './retry';

/**
 * `GET /api/searchBio?name=`: a tag's card first, then the entries it names. The bio search and the learn-more tab
 * both show it, under one query key, so a card read by one is not read again by the other.
 */
export function useTagCard(tag: string, enabled = true) {
  return useQuery({
    queryKey: ['bio', 'card', tag.toLowerCase()],
    queryFn: ({ signal }) => api(publicBioRoutes.tag, { query: { name: tag }, signal }),
    enabled,
    retry: retryServerErrors,
  });
}
