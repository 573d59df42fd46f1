import { channelLevels } from '@papo/contract/channels';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

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
  return row && { id: row.id, name: row.name, topic: row.topic, topicBy: row.topic_by, topicAt: row.topic_at, founderId: row.founder_id };
}

/**
 * The channel, created when it does not exist yet with `creatorId` as its founder (level 100).
 * NOTE: ON CONFLICT DO NOTHING makes two first joins at once create it once; the loser reads the winner's row.
 */
export async function ensureChannel(db: Kysely<Database>, name: string, creatorId: number): Promise<ChannelRecord> {
  const existing = await findChannel(db, name);
  if (existing) return existing;
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('channels')
      .values({ name, founder_id: creatorId })
      .onConflict((oc) => oc.column('name').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) {
      await trx.insertInto('channel_levels').values({ channel_id: inserted.id, user_id: creatorId, level: channelLevels.founder }).execute();
    }
    const channel = await findChannel(trx, name);
    if (!channel) throw new Error(`channel ${name} vanished while being created`);
    return channel;
  });
}

/** Sets (or, with null, clears) the topic and who set it. */
export async function saveTopic(db: Db, channelId: number, topic: string | null, by: string, at: string): Promise<void> {
  await db.updateTable('channels').set({ topic, topic_by: by, topic_at: at }).where('id', '=', channelId).execute();
}

export async function setFounder(db: Db, channelId: number, founderId: number | null): Promise<void> {
  await db.updateTable('channels').set({ founder_id: founderId }).where('id', '=', channelId).execute();
}
