import { sql } from 'kysely';
import { createdAt, type AnyDb } from './helpers.js';

/*
 * Channel levels and bans. Level 0 is the absence of a row, so a row always grants
 * something. Channel text is never stored: there is deliberately no messages table.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('channel_levels')
    .addColumn('channel_id', 'integer', (col) => col.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('level', 'integer', (col) => col.notNull().check(sql`level in (3, 5, 10, 100)`))
    .addPrimaryKeyConstraint('channel_levels_pk', ['channel_id', 'user_id'])
    .execute();
  await db.schema.createIndex('channel_levels_user_idx').on('channel_levels').column('user_id').execute();

  // one ban per user per channel; banning again replaces it (new reason, new expiry).
  await db.schema
    .createTable('channel_bans')
    .addColumn('channel_id', 'integer', (col) => col.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('by_user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('reason', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('created_at', 'text', createdAt(db))
    .addPrimaryKeyConstraint('channel_bans_pk', ['channel_id', 'user_id'])
    .execute();
  await db.schema.createIndex('channel_bans_user_idx').on('channel_bans').column('user_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('channel_bans').execute();
  await db.schema.dropTable('channel_levels').execute();
}
