import type { BlockList } from '@papo/contract/conversations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';

const blocksKey = ['me', 'blocks'] as const;

/** `GET /api/blocks`: the members we blocked. */
export function useBlocks(enabled: boolean) {
  return useQuery({
    queryKey: blocksKey,
    queryFn: ({ signal }) => apiFetch<BlockList>('/api/blocks', { signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** `POST /api/blocks {user}` or `DELETE /api/blocks/{userId}`, then the list is read again. */
export function useSetBlocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, blocked }: { userId: number; blocked: boolean }) =>
      blocked
        ? apiFetch('/api/blocks', { json: { user: userId } })
        : apiFetch(`/api/blocks/${userId}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: blocksKey }),
  });
}
