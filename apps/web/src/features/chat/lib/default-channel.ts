import { defaultChannel } from '@papo/contract/channels';

/**
 * Where a member goes when no channel is named (members-area §4): the first favourite, else the default
 * channel; `leaving` is skipped (after /part). Null when the only candidate is the channel being left.
 */
export function channelWithoutSlug(favorites: readonly string[], leaving?: string): string | null {
  const favorite = favorites.find((name) => name !== leaving);
  if (favorite) return favorite;
  return defaultChannel === leaving ? null : defaultChannel;
}
