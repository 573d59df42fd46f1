import { sql } from 'kysely';
import { createdAt, flag, withId, type AnyDb } from './helpers.js';

/** Company record, minimal users (the accounts issue extends them) and the public channels. */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('company')
    .$call(withId(db))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('slogan', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('email', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('url', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'text', createdAt(db))
    .execute();

  await db.schema
    .createTable('users')
    .$call(withId(db))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('username', 'text', (col) => col.notNull())
    .addColumn('username_lower', 'text', (col) => col.notNull().unique())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('email_lower', 'text', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('roles', 'text', (col) => col.notNull().defaultTo(sql.lit('["ROLE_USER"]')))
    .addColumn('verified', 'integer', flag('verified', 0))
    .addColumn('language', 'text', (col) => col.notNull().defaultTo('pt'))
    .addColumn('created_at', 'text', createdAt(db))
    .execute();

  await db.schema
    .createTable('channels')
    .$call(withId(db))
    .addColumn('name', 'text', (col) => col.notNull().unique())
    .addColumn('category', 'text')
    .addColumn('topic', 'text')
    .addColumn('topic_by', 'text')
    .addColumn('topic_at', 'text')
    .addColumn('founder_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', createdAt(db))
    .execute();
  await db.schema.createIndex('channels_category_idx').on('channels').column('category').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('channels').execute();
  await db.schema.dropTable('users').execute();
  await db.schema.dropTable('company').execute();
}
