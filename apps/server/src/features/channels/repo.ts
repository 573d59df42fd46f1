import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface ChannelRow {
  name: string;
  category: string | null;
  topic: string | null;
}

/** Every channel, by name; the route groups them. */
export async function listChannels(db: Kysely<Database>): Promise<ChannelRow[]> {
  return db.selectFrom('channels').select(['name', 'category', 'topic']).orderBy('name').execute();
}
