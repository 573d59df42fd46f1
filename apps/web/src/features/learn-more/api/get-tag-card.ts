import type { BioSectionsResponse } from '@papo/contract/bio';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';

/** `GET /api/searchBio?name=`: a tag's card; the first section is the card, the rest its 'Veja Também' tags. */
export function useTagCard(tag: string) {
  return useQuery({
    // NOTE: the bio pages' key for the same call, so a card read there is not read again.
    queryKey: ['bio', 'card', tag.toLowerCase()],
    queryFn: ({ signal }) => apiFetch<BioSectionsResponse>('/api/searchBio', { query: { name: tag }, auth: false, signal }),
  });
}
