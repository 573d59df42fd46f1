import { sql } from 'kysely';
import { createdAt, flag, withId, type AnyDb } from './helpers.js';

/*
 * Profile fields on users, nicknames (NickServ-style, every username is one) and favourite channels.
 * one column per ALTER TABLE, because SQLite adds only one column per statement.
 */
const profileColumns = ['gender', 'birthday', 'instagram', 'youtube', 'profile_image'] as const;

export async function up(db: AnyDb): Promise<void> {
  for (const column of profileColumns) {
    await db.schema.alterTable('users').addColumn(column, 'text').execute();
  }
  await db.schema
    .alterTable('users')
    .addColumn('welcome_message', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('coin_balance', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`coin_balance >= 0`),
    )
    .execute();

  await db.schema
    .createTable('nicknames')
    .$call(withId(db))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('nickname', 'text', (col) => col.notNull())
    .addColumn('nickname_lower', 'text', (col) => col.notNull().unique())
    .addColumn('is_selected', 'integer', flag('is_selected', 0))
    .addColumn('created_at', 'text', createdAt(db))
    .execute();
  await db.schema.createIndex('nicknames_user_idx').on('nicknames').column('user_id').execute();
  // at most one selected nickname per user, enforced by the database on both dialects.
  await db.schema
    .createIndex('nicknames_one_selected_idx')
    .on('nicknames')
    .column('user_id')
    .unique()
    .where(sql.ref('is_selected'), '=', 1)
    .execute();

  // Accounts created before this migration own their username as their selected nickname, like new ones.
  await db
    .insertInto('nicknames')
    .columns(['user_id', 'nickname', 'nickname_lower', 'is_selected'])
    .expression(db.selectFrom('users').select(['id', 'username', 'username_lower', sql.lit(1).as('is_selected')]))
    .execute();

  await db.schema
    .createTable('favorite_channels')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('channel_id', 'integer', (col) => col.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('created_at', 'text', createdAt(db))
    .addPrimaryKeyConstraint('favorite_channels_pk', ['user_id', 'channel_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('favorite_channels').execute();
  await db.schema.dropTable('nicknames').execute();
  for (const column of ['coin_balance', 'welcome_message', ...profileColumns].reverse()) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
