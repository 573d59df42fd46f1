import type { ChannelSummary } from '@papo/contract/channels';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface CategorisedChannel extends ChannelSummary {
  category: string;
}

/** The channels given a category (the seed's, and staff's), by name. Served by the (category, name) index. */
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
export async function listOtherChannels(
  db: Kysely<Database>,
  after: string | undefined,
  limit: number,
): Promise<ChannelSummary[]> {
  let query = db.selectFrom('channels').select(['name', 'topic']).where('category', 'is', null);
  if (after !== undefined) query = query.where('name', '>', after);
  return query.orderBy('name').limit(limit).execute();
}

/** A `like` pattern that finds `text` anywhere in a name: `_` (allowed in names) is a wildcard unless escaped. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The curated channels whose name holds `q` (every curated one without it), by category and name. */
export async function searchCategorisedChannels(
  db: Kysely<Database>,
  q: string | undefined,
): Promise<CategorisedChannel[]> {
  if (!q) return listCategorisedChannels(db);
  const rows = await db
    .selectFrom('channels')
    .select(['name', 'category', 'topic'])
    .where('category', 'is not', null)
    .where(sql<boolean>`name like ${containing(q)} escape '\\'`)
    .orderBy('category')
    .orderBy('name')
    .execute();
  return rows.map((row) => ({ name: row.name, category: row.category ?? '', topic: row.topic }));
}

/**
 * Up to `limit` member-founded channels named after `after` whose name holds `q`, by name. The name index
 * gives the order; with `q` the rows after `after` are read until enough match (names are short, the table small
 * next to what a search engine would be for).
 */
export async function searchOtherChannels(
  db: Kysely<Database>,
  q: string | undefined,
  after: string | undefined,
  limit: number,
): Promise<ChannelSummary[]> {
  if (!q) return listOtherChannels(db, after, limit);
  let query = db
    .selectFrom('channels')
    .select(['name', 'topic'])
    .where('category', 'is', null)
    .where(sql<boolean>`name like ${containing(q)} escape '\\'`);
  if (after !== undefined) query = query.where('name', '>', after);
  return query.orderBy('name').limit(limit).execute();
}
