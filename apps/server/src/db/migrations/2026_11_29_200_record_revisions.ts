import { withId, type AnyDb } from './helpers.js';

/**
 * Revisions of stores and bio entries (decision 028): every staff save of a store's or an entry's fields
 * keeps its fields as they became (`fields`, JSON), with who and when. The newest revision of a record is its
 * version: its id is the ETag its editor sends back as `If-Match`, as for articles (decision 024).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('record_revisions')
    .$call(withId(db))
    // 'store' or 'bio'; `ref_id` is the row of `stores` or `bio_entries` (removed with it by the service).
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('ref_id', 'integer', (col) => col.notNull())
    .addColumn('author_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('fields', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('record_revisions_ref_idx')
    .on('record_revisions')
    .columns(['kind', 'ref_id', 'id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('record_revisions').execute();
}
