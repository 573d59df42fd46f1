import { sql } from 'kysely';
import { createdAt, flag, isPostgres, nowIsoText, withId, type AnyDb } from './helpers.js';

/**
 * Articles and lyrics, their categories, and the search engine's tables (decision 010):
 * `search_documents` (one row per searchable thing, any kind), `search_terms` (the vocabulary for
 * did-you-mean, counted per kind) and the full-text index: an FTS5 table on SQLite, a `tsvector`
 * column with a GIN index on PostgreSQL.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('article_categories')
    .$call(withId(db))
    .addColumn('key', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .execute();
  // reference data, not demo content: editors pick from this list and the spec has no screen that edits it.
  await db
    .insertInto('article_categories')
    .values(categories.map(([key, name], position) => ({ key, name, position })))
    .execute();

  await db.schema
    .createTable('articles')
    .$call(withId(db))
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    // The start of the text, kept on write so lists never parse HTML.
    .addColumn('excerpt', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('cover', 'text')
    .addColumn('images', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('youtube', 'text')
    .addColumn('category_id', 'integer', (col) => col.references('article_categories.id').onDelete('set null'))
    .addColumn('author_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('is_published', 'integer', flag('is_published', 0))
    .addColumn('is_lyrics', 'integer', flag('is_lyrics', 0))
    .addColumn('published_at', 'text')
    .addColumn('created_at', 'text', createdAt(db))
    .addColumn('updated_at', 'text', (col) => col.notNull().defaultTo(nowIsoText(db)))
    .execute();
  // The blog lists newest first, the lyrics by title; both only published rows of their kind.
  await db.schema
    .createIndex('articles_blog_idx')
    .on('articles')
    .columns(['is_lyrics', 'is_published', 'published_at', 'id'])
    .execute();
  await db.schema
    .createIndex('articles_lyrics_idx')
    .on('articles')
    .columns(['is_lyrics', 'is_published', 'title', 'id'])
    .execute();
  await db.schema.createIndex('articles_category_idx').on('articles').columns(['category_id']).execute();

  await db.schema
    .createTable('search_documents')
    .$call(withId(db))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('ref_id', 'integer', (col) => col.notNull())
    .addColumn('slug', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('cover', 'text')
    .addColumn('body', 'text', (col) => col.notNull())
    .addUniqueConstraint('search_documents_ref_uq', ['kind', 'ref_id'])
    .execute();

  await db.schema
    .createTable('search_terms')
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('term', 'text', (col) => col.notNull())
    // The spelling shown in a suggestion ('coração' for the term 'coracao'): the first one indexed.
    .addColumn('display', 'text', (col) => col.notNull())
    .addColumn('length', 'integer', (col) => col.notNull())
    .addColumn('docs', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('search_terms_pk', ['kind', 'term'])
    .execute();
  await db.schema.createIndex('search_terms_length_idx').on('search_terms').columns(['kind', 'length']).execute();

  if (isPostgres(db)) await createPostgresIndex(db);
  else
    await sql`create virtual table search_fts using fts5(title, body, tokenize = 'unicode61 remove_diacritics 2')`.execute(
      db,
    );
}

const categories: [string, string][] = [
  ['music', 'Música'],
  ['culture', 'Cultura'],
  ['technology', 'Tecnologia'],
  ['travel', 'Viagens'],
  ['community', 'Comunidade'],
  ['lifestyle', 'Estilo de vida'],
];

async function createPostgresIndex(db: AnyDb): Promise<void> {
  // the application folds accents before indexing and querying, so search behaves the same when
  // the extension cannot be created (a managed database without it); unaccent then folds what NFD leaves.
  // The migration runs inside a transaction; a savepoint keeps a refused extension from aborting it.
  await sql`savepoint papo_unaccent`.execute(db);
  const unaccent = await sql`create extension if not exists unaccent`.execute(db).then(
    () => true,
    () => false,
  );
  await sql.raw(unaccent ? 'release savepoint papo_unaccent' : 'rollback to savepoint papo_unaccent').execute(db);
  await sql`create text search configuration papo_search (copy = simple)`.execute(db);
  if (unaccent) {
    await sql`alter text search configuration papo_search alter mapping for hword, hword_part, word with unaccent, simple`.execute(
      db,
    );
  }
  await sql`alter table search_documents add column tsv tsvector not null default ''::tsvector`.execute(db);
  await sql`create index search_documents_tsv_idx on search_documents using gin (tsv)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) await sql`drop text search configuration if exists papo_search`.execute(db);
  else await sql`drop table if exists search_fts`.execute(db);
  await db.schema.dropTable('search_terms').execute();
  await db.schema.dropTable('search_documents').execute();
  await db.schema.dropTable('articles').execute();
  await db.schema.dropTable('article_categories').execute();
}
