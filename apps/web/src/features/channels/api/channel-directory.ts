import { channelDirectoryRoutes } from '@papo/contract/browser-routes/channel-directory';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Where the directory's pages live in the query cache, per search. */
function channelDirectoryKey(q: string) {
  return ['channel-directory', q] as const;
}

/**
 * `GET /api/channel-directory`: the channels whose name holds `q` (every one without it), the curated ones on the
 * first page, the member-founded ones a page at a time, each with how many are in it now.
 */
export function useChannelDirectory(q: string) {
  return useInfiniteQuery({
    queryKey: channelDirectoryKey(q),
    queryFn: ({ pageParam, signal }) =>
      api(channelDirectoryRoutes.search, { query: { q: q || undefined, after: pageParam || undefined }, signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.others.next ?? undefined,
    // the counts move; a page left open a while asks again when it is looked at.
    staleTime: 30_000,
    // A search refined keeps its rows on screen until the new answer comes; the full list is never shown as results.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] && q ? previous : undefined),
  });
}
