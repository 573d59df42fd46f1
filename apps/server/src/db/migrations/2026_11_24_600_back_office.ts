import { withId, type AnyDb } from './helpers.js';

/**
 * The article back office: the image library (`uploads`, one row per stored image, listed
 * newest first) and scheduled publishing (`articles.publish_at`: while set, the article waits as a
 * draft and goes live at that time; see decision 015).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('uploads')
    .$call(withId(db))
    // The upload key (`library/<random>.png`), served at /uploads/<key>.
    .addColumn('key', 'text', (col) => col.notNull().unique())
    .addColumn('thumbnail', 'text', (col) => col.notNull())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('uploaded_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    // written by the application (ISO text with milliseconds), so a fake clock in tests decides it too.
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('uploads_newest_idx').on('uploads').columns(['created_at', 'id']).execute();

  await db.schema.alterTable('articles').addColumn('publish_at', 'text').execute();
  await db.schema.createIndex('articles_publish_at_idx').on('articles').column('publish_at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('articles_publish_at_idx').execute();
  await db.schema.alterTable('articles').dropColumn('publish_at').execute();
  await db.schema.dropTable('uploads').execute();
}
