import { createdAt, withId, type AnyDb } from './helpers.js';

/*
 * The devices a member receives web push on. One row per browser subscription (its endpoint is unique:
 * a device signed in to another account moves to that account), with the keys the push is encrypted for, the
 * kinds of notification this device wants and the language its texts are shown in.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('push_subscriptions')
    .$call(withId(db))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (col) => col.notNull().unique())
    .addColumn('p256dh', 'text', (col) => col.notNull())
    .addColumn('auth', 'text', (col) => col.notNull())
    // Comma-separated push kinds (@papo/contract/push).
    .addColumn('kinds', 'text', (col) => col.notNull())
    .addColumn('language', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', createdAt(db))
    .execute();
  await db.schema.createIndex('push_subscriptions_user_idx').on('push_subscriptions').column('user_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('push_subscriptions').execute();
}
