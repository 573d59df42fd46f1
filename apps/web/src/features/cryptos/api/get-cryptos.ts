import { mediaRoutes } from '@papo/contract/browser-routes/media';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** `GET /api/cryptos`: the prices and their 24-hour change. */
export function useCryptos() {
  return useQuery({
    queryKey: ['cryptos'],
    queryFn: ({ signal }) => api(mediaRoutes.cryptos, { signal }),
    // the server keeps prices for two minutes; asking more often would only repeat them.
    staleTime: 2 * 60_000,
  });
}
