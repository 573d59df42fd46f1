import { sql } from 'kysely';
import type { AnyDb } from './helpers.js';

/*
 * A ban keeps the rank it was set with (`by_level`), so it can be lifted only by someone who
 * outranks it, whatever happens to its setter's level or account later. Channels get the indexes that
 * count what a member founded (the creation limits) and page the member-founded ones by name.
 * the values are frozen here on purpose: 5 is the operator level, 1000 the staff level (contract).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('channel_bans')
    .addColumn('by_level', 'integer', (col) => col.notNull().defaultTo(5))
    .execute();
  // bans set before this migration take their setter's rank today: staff, the stored level, else operator.
  await sql`
    update channel_bans set by_level = case
      when exists (
        select 1 from users u where u.id = channel_bans.by_user_id
          and (u.roles like '%"ROLE_ADMIN"%' or u.roles like '%"ROLE_MODERATOR"%')
      ) then 1000
      else coalesce(
        (select l.level from channel_levels l where l.channel_id = channel_bans.channel_id and l.user_id = channel_bans.by_user_id),
        5
      )
    end`.execute(db);

  await db.schema
    .createIndex('channels_founder_created_idx')
    .on('channels')
    .columns(['founder_id', 'created_at'])
    .execute();
  // SQLite walks (category, name) in name order for `category is null`; PostgreSQL does not treat IS NULL as an
  // equality for ordering and would sort every such row, so it gets a partial index on name.
  await db.schema.dropIndex('channels_category_idx').execute();
  await db.schema.createIndex('channels_category_name_idx').on('channels').columns(['category', 'name']).execute();
  await db.schema
    .createIndex('channels_uncategorised_name_idx')
    .on('channels')
    .column('name')
    .where(sql.ref('category'), 'is', null)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('channels_uncategorised_name_idx').execute();
  await db.schema.dropIndex('channels_category_name_idx').execute();
  await db.schema.createIndex('channels_category_idx').on('channels').column('category').execute();
  await db.schema.dropIndex('channels_founder_created_idx').execute();
  await db.schema.alterTable('channel_bans').dropColumn('by_level').execute();
}
