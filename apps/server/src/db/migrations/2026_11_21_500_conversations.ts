import { sql } from 'kysely';
import { createdAt, flag, withId, type AnyDb } from './helpers.js';

/*
 * Private conversations, their messages and read markers, blocks between members, and notifications.
 * Unlike channel messages, private messages are stored: the conversation screen reads their history.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('conversations')
    .$call(withId(db))
    .addColumn('user_a', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('user_b', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', createdAt(db))
    .addColumn('last_message_at', 'text')
    // the pair is stored in order, so one UNIQUE constraint gives each pair of members one conversation.
    .addCheckConstraint('conversations_ordered_pair', sql`user_a < user_b`)
    .addUniqueConstraint('conversations_pair_unique', ['user_a', 'user_b'])
    .execute();
  await db.schema.createIndex('conversations_user_b_idx').on('conversations').column('user_b').execute();

  await db.schema
    .createTable('conversation_messages')
    .$call(withId(db))
    .addColumn('conversation_id', 'integer', (col) => col.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('sender_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', createdAt(db))
    .execute();
  // Pages of a conversation are read by id, newest or oldest first.
  await db.schema
    .createIndex('conversation_messages_conversation_idx')
    .on('conversation_messages')
    .columns(['conversation_id', 'id'])
    .execute();

  await db.schema
    .createTable('conversation_reads')
    .addColumn('conversation_id', 'integer', (col) => col.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('last_read_message_id', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('conversation_reads_pk', ['conversation_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('blocks')
    .addColumn('blocker_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blocked_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', createdAt(db))
    .addPrimaryKeyConstraint('blocks_pk', ['blocker_id', 'blocked_id'])
    .addCheckConstraint('blocks_not_self', sql`blocker_id <> blocked_id`)
    .execute();
  await db.schema.createIndex('blocks_blocked_idx').on('blocks').column('blocked_id').execute();

  await db.schema
    .createTable('notifications')
    .$call(withId(db))
    .addColumn('user_to', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('is_read', 'integer', flag('is_read', 0))
    .addColumn('created_at', 'text', createdAt(db))
    .execute();
  await db.schema.createIndex('notifications_user_idx').on('notifications').columns(['user_to', 'id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['notifications', 'blocks', 'conversation_reads', 'conversation_messages', 'conversations']) {
    await db.schema.dropTable(table).execute();
  }
}
