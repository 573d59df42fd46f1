import { operationsRoutes } from '@papo/contract/browser-routes/operations';
import type { OperationsAnswer } from '@papo/contract/operations';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** How often the screen asks again: the nodes report to each other as often. */
const operationsRefreshMs = 10_000;

// under 'me' because logout drops those queries; what the nodes say must not outlive the session in the cache.
const operationsKeys = { all: ['me', 'operations'] as const };

function getOperations(signal?: AbortSignal): Promise<OperationsAnswer> {
  return api(operationsRoutes.status, { signal });
}

/** `GET /api/operations`: this node, then the others heard from recently; asked again every ten seconds. */
export function useOperations() {
  return useQuery({
    queryKey: operationsKeys.all,
    queryFn: ({ signal }) => getOperations(signal),
    refetchInterval: operationsRefreshMs,
    // a 403 (a moderator) or 401 will not change by asking again.
    retry: false,
  });
}
