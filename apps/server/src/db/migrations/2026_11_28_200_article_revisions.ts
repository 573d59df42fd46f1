import { sql } from 'kysely';
import { withId, type AnyDb } from './helpers.js';

/**
 * Article revisions (decision 024). `article_revisions` keeps every save of an article's text (title,
 * slug, body, description, cover, images, video) with who and when; `article_heads` names, per article, the newest
 * revision (`head_revision_id`: what the editor shows, its ETag) and the one whose text the public reads
 * (`live_revision_id`). A live article saved by staff gets a new head and keeps its live text until "publish
 * changes". These tables are apart from `articles` so a draft save of a live article moves no public cache
 * (`article_version` counts `articles` writes).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('article_revisions')
    .$call(withId(db))
    .addColumn('article_id', 'integer', (col) => col.notNull().references('articles.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('slug', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('cover', 'text')
    .addColumn('images', 'text', (col) => col.notNull())
    .addColumn('youtube', 'text')
    // When this revision went live (published as it is), else null.
    .addColumn('published_at', 'text')
    // Set when the revision restores an older one: its id.
    .addColumn('restored_from', 'integer')
    .execute();
  await db.schema
    .createIndex('article_revisions_article_idx')
    .on('article_revisions')
    .columns(['article_id', 'id'])
    .execute();

  await db.schema
    .createTable('article_heads')
    .addColumn('article_id', 'integer', (col) => col.primaryKey().references('articles.id').onDelete('cascade'))
    .addColumn('head_revision_id', 'integer', (col) => col.notNull())
    .addColumn('live_revision_id', 'integer', (col) => col.notNull())
    .execute();

  // Every article written so far starts with one revision: its text as it stands.
  await sql`
    insert into article_revisions (article_id, author_id, created_at, title, slug, content, description, cover, images, youtube, published_at)
    select id, author_id, updated_at, title, slug, content, description, cover, images, youtube, case when is_published = 1 then updated_at end
    from articles order by id`.execute(db);
  await sql`
    insert into article_heads (article_id, head_revision_id, live_revision_id)
    select article_id, max(id), max(id) from article_revisions group by article_id`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('article_heads').execute();
  await db.schema.dropTable('article_revisions').execute();
}
