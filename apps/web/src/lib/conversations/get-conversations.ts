import type { ConversationSummary } from '@papo/contract/conversations';
import { useQuery } from '@tanstack/react-query';
import { conversationRoutes } from '@papo/contract/browser-routes/conversations';
import { api } from '../api';

/** How many conversations the sidebar lists (the most recent ones); Alt+↑/↓ moves through the same ones. */
export const recentConversationCount = 2;

/** Every conversation list is cached under this prefix ('me' first, so logout drops it). */
export const conversationsKey = ['me', 'conversations'] as const;

/** `GET /api/conversations`: most recent activity first; `selectedId` (one of ours) is marked read. */
function getConversations(selectedId?: number, signal?: AbortSignal): Promise<ConversationSummary[]> {
  return api(conversationRoutes.list, { query: { selectedConversationId: selectedId }, signal });
}

/** The member's conversations; with `selectedId`, the list the conversation screen shows as tabs. */
export function useConversations(enabled: boolean, selectedId?: number) {
  return useQuery({
    queryKey: [...conversationsKey, selectedId ?? null],
    queryFn: ({ signal }) => getConversations(selectedId, signal),
    enabled,
    staleTime: 30_000,
    retry: 1,
  });
}
