import { channelCategories, channelCategoryOrder, type ChannelCategory } from '@papo/contract/channels';
import type { CategorisedChannel } from './repo.js';

/**
 * The curated channels as the Channels page shows them: categories in its order, then the contract's order inside
 * each; a channel staff added later follows its category's listed ones, by name.
 */
export function inPageOrder(rows: CategorisedChannel[]): (CategorisedChannel & { category: ChannelCategory })[] {
  return channelCategoryOrder.flatMap((category) => {
    const order: readonly string[] = channelCategories[category];
    const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
    return rows
      .filter((row) => row.category === category)
      .sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name))
      .map((row) => ({ ...row, category }));
  });
}
