import type { Crypto } from '@papo/contract/media';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';

/** `GET /api/cryptos`: the prices and their 24-hour change. */
export function useCryptos() {
  return useQuery({
    queryKey: ['cryptos'],
    queryFn: ({ signal }) => apiFetch<Crypto[]>('/api/cryptos', { signal, auth: false }),
    // NOTE: the server keeps prices for two minutes; asking more often would only repeat them.
    staleTime: 2 * 60_000,
  });
}
