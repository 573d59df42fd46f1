import { type AnyDb } from './helpers.js';

/**
 * Every address an article, lyric, shop or course ever had (decision 024): an old slug names the row it
 * belonged to, so its page and API answer 301 to the row's address of today.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('slug_redirects')
    // 'article' (blog and lyrics share one slug space) or 'store' (shops and courses).
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('old_slug', 'text', (col) => col.notNull())
    .addColumn('target_id', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('slug_redirects_pk', ['kind', 'old_slug'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('slug_redirects').execute();
}
