import type { AnyDb } from './helpers.js';

/*
 * A member's data export: one row per member, `pending` while a node makes it and `ready` with the JSON once made.
 * Kept in the database rather than in a node's DATA_DIR so that whichever node answers the download finds it.
 * A deleted account keeps only its `users` row, emptied, with `deleted_at` set: its username stays reserved and its
 * private messages stay with the other side, shown as "conta removida".
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('account_exports')
    .ifNotExists()
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('content', 'text')
    .addColumn('requested_at', 'text', (col) => col.notNull())
    .addColumn('ready_at', 'text')
    .execute();
  await db.schema.alterTable('users').addColumn('deleted_at', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').dropColumn('deleted_at').execute();
  await db.schema.dropTable('account_exports').ifExists().execute();
}
