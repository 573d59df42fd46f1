import { blockRoutes } from '@papo/contract/browser-routes/conversations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const blocksKey = ['me', 'blocks'] as const;

/** `GET /api/blocks`: the members we blocked. */
export function useBlocks(enabled: boolean) {
  return useQuery({
    queryKey: blocksKey,
    queryFn: ({ signal }) => api(blockRoutes.list, { signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** `POST /api/blocks {user}` or `DELETE /api/blocks/{userId}`, then the list is read again. */
export function useSetBlocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, blocked }: { userId: number; blocked: boolean }): Promise<void> => {
      if (blocked) await api(blockRoutes.block, { body: { user: userId } });
      else await api(blockRoutes.unblock, { params: { userId } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: blocksKey }),
  });
}
