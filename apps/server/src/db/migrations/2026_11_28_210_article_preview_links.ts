import { withId, type AnyDb } from './helpers.js';

/**
 * Preview links (decision 024): a random token, kept only as its SHA-256, lets someone who is not signed
 * in read an article's newest text until the link expires or staff revoke it.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('article_preview_links')
    .$call(withId(db))
    .addColumn('article_id', 'integer', (col) => col.notNull().references('articles.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createIndex('article_preview_links_article_idx')
    .on('article_preview_links')
    .column('article_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('article_preview_links').execute();
}
