import { sql } from 'kysely';
import { createdAt, withId, type AnyDb } from './helpers.js';

/** Contact-form and home-chat messages with the staff reply recorded on the message. */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('contact_messages')
    .$call(withId(db))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text')
    .addColumn('subject', 'text')
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('source', 'text', (col) => col.notNull().check(sql`source in ('contact', 'home_chat')`))
    // a hash, never the address itself: enough to spot one sender's flood, nothing to leak.
    .addColumn('ip_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', createdAt(db))
    .addColumn('replied_at', 'text')
    .addColumn('replied_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('reply_subject', 'text')
    .addColumn('reply_body', 'text')
    .execute();
  // The mailbox lists newest first; the id breaks ties between messages of the same millisecond.
  await db.schema
    .createIndex('contact_messages_created_idx')
    .on('contact_messages')
    .columns(['created_at', 'id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('contact_messages').execute();
}
