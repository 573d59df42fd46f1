import { channelLevels } from '@papo/contract/channels';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema.js';

export interface ChannelRecord {
  id: number;
  name: string;
  topic: string | null;
  topicBy: string | null;
  topicAt: string | null;
  founderId: number | null;
}

export async function findChannel(db: Db, name: string): Promise<ChannelRecord | undefined> {
  const row = await db
    .selectFrom('channels')
    .select(['id', 'name', 'topic', 'topic_by', 'topic_at', 'founder_id'])
    .where('name', '=', name)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      name: row.name,
      topic: row.topic,
      topicBy: row.topic_by,
      topicAt: row.topic_at,
      founderId: row.founder_id,
    }
  );
}

/**
 * Creates the channel with `founderId` as its founder (level 100); answers whether this call created it.
 * ON CONFLICT DO NOTHING makes two first joins at once create it once; the loser reads the winner's row.
 */
export async function insertChannel(
  trx: Transaction<Database>,
  name: string,
  founderId: number,
  createdAt: string,
): Promise<boolean> {
  const inserted = await trx
    .insertInto('channels')
    .values({ name, founder_id: founderId, created_at: createdAt })
    .onConflict((oc) => oc.column('name').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) {
    await trx
      .insertInto('channel_levels')
      .values({ channel_id: inserted.id, user_id: founderId, level: channelLevels.founder })
      .execute();
  }
  return Boolean(inserted);
}

/** How many channels the member founds now. */
export async function countFounded(db: Db, founderId: number): Promise<number> {
  const row = await db
    .selectFrom('channels')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('founder_id', '=', founderId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Creation times (ISO text) of the member's channels created after `since`, oldest first, at most `limit`. */
export async function foundedSince(db: Db, founderId: number, since: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('channels')
    .select('created_at')
    .where('founder_id', '=', founderId)
    .where('created_at', '>', since)
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.created_at);
}

/** Sets (or, with null, clears) the topic and who set it. */
export async function saveTopic(
  db: Db,
  channelId: number,
  topic: string | null,
  by: string,
  at: string,
): Promise<void> {
  await db.updateTable('channels').set({ topic, topic_by: by, topic_at: at }).where('id', '=', channelId).execute();
  // latest-topic's kept channel is forgotten by this write's commit, a caller's transaction included (db/changes.ts).
}

export async function setFounder(db: Db, channelId: number, founderId: number | null): Promise<void> {
  await db.updateTable('channels').set({ founder_id: founderId }).where('id', '=', channelId).execute();
}
