import { createdAt, type AnyDb } from './helpers.js';

/*
 * The time before which a member's access tokens no longer count (logout, password reset), and the
 * account mails sent, which a per-account limit counts.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('token_revocations')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    // ISO-8601 UTC with milliseconds, like every other time column.
    .addColumn('revoked_before', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('account_mail_sends')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('sent_at', 'text', createdAt(db))
    .execute();
  await db.schema
    .createIndex('account_mail_sends_user_idx')
    .on('account_mail_sends')
    .columns(['user_id', 'kind', 'sent_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('account_mail_sends').execute();
  await db.schema.dropTable('token_revocations').execute();
}
