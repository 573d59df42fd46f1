import { sql } from 'kysely';
import type { AnyDb } from './helpers.js';

/**
 * Drafts of published stores (decision 028): staff edits of a published store wait here, the public keeps
 * reading `stores` and `store_items` until "Publicar alterações" copies the draft over them. A store has a draft while
 * `store_drafts` has its row; `store_item_drafts` then holds every slot of the draft (not only the changed ones).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('store_drafts')
    .addColumn('store_id', 'integer', (col) => col.primaryKey().references('stores.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    // Unique as `stores.slug`: two drafts cannot rename two stores to one address.
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('country', 'text', (col) => col.notNull())
    .addColumn('category_id', 'integer', (col) => col.references('album_categories.id').onDelete('set null'))
    .addColumn('cover', 'text')
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('store_item_drafts')
    .addColumn('store_id', 'integer', (col) => col.notNull().references('store_drafts.store_id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull().check(sql`position between 0 and 11`))
    .addColumn('image', 'text', (col) => col.notNull())
    .addColumn('thumbnail', 'text', (col) => col.notNull())
    .addColumn('action_url', 'text')
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('store_item_drafts_pk', ['store_id', 'position'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('store_item_drafts').execute();
  await db.schema.dropTable('store_drafts').execute();
}
