import type { ChannelSummary } from '@papo/contract/channels';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface CategorisedChannel extends ChannelSummary {
  category: string;
}

/** The channels given a category (the seed's, and staff's), by name. NOTE: served by the (category, name) index. */
export async function listCategorisedChannels(db: Kysely<Database>): Promise<CategorisedChannel[]> {
  const rows = await db
    .selectFrom('channels')
    .select(['name', 'category', 'topic'])
    .where('category', 'is not', null)
    .orderBy('category')
    .orderBy('name')
    .execute();
  return rows.map((row) => ({ name: row.name, category: row.category ?? '', topic: row.topic }));
}

/**
 * Up to `limit` member-founded (uncategorised) channels named after `after`, by name: a keyset page read
 * from an index in name order (migration 2026_11_24_100), so a deep page costs what the first does however many channels exist.
 */
export async function listOtherChannels(db: Kysely<Database>, after: string | undefined, limit: number): Promise<ChannelSummary[]> {
  let query = db.selectFrom('channels').select(['name', 'topic']).where('category', 'is', null);
  if (after !== undefined) query = query.where('name', '>', after);
  return query.orderBy('name').limit(limit).execute();
}
