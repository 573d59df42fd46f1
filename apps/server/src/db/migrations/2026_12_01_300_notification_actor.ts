import type { AnyDb } from './helpers.js';

/*
 * A bell item can name the member behind it (who mentioned you): `actor` is their nickname when they did something
 * to the recipient, null for items whose message already names them or that no member caused.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('actor', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('actor').execute();
}
