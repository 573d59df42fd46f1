import type { AnyDb } from './helpers.js';

/**
 * The channels each member keeps open (their chat tabs), restored on every device. A name, not a channel id: a tab may
 * name a channel the member is about to found, and closing it must not depend on the channel still existing.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('open_channels')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('open_channels_pk', ['user_id', 'name'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('open_channels').execute();
}
