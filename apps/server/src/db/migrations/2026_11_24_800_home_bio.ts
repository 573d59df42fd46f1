import { sql } from 'kysely';
import { createdAt, withId, type AnyDb } from './helpers.js';

/**
 * Home page and biography (decision 017): the bio entries (years and events/people), the
 * surveys with their votes (one per account, one per visitor cookie), and the quick news staff picked
 * for the home page.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('bio_entries')
    .$call(withId(db))
    // 'year' (tag 1974–2025) or 'event' (events and people).
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('year', 'event')`))
    .addColumn('tag', 'text', (col) => col.notNull())
    // The tag folded (lowercase, no accents), so uniqueness and look-ups ignore case and accents.
    .addColumn('tag_key', 'text', (col) => col.notNull())
    // JSON arrays of text.
    .addColumn('tags', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('paragraphs', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('layout', 'text', (col) => col.notNull().defaultTo('layout-2'))
    .addColumn('photo_path', 'text')
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    // The year of a year entry, for the window query; null for events.
    .addColumn('year', 'integer')
    .addColumn('created_at', 'text', createdAt(db))
    .execute();
  await db.schema
    .createIndex('bio_entries_kind_tag_idx')
    .on('bio_entries')
    .columns(['kind', 'tag_key'])
    .unique()
    .execute();
  await db.schema.createIndex('bio_entries_year_idx').on('bio_entries').columns(['year']).execute();

  await db.schema
    .createTable('surveys')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    // A message key the client translates, as are the options.
    .addColumn('question', 'text', (col) => col.notNull())
    .addColumn('options', 'text', (col) => col.notNull())
    .execute();
  // reference data: the spec hard-codes survey 1 with these options, and no screen edits surveys.
  await db
    .insertInto('surveys')
    .values({ id: 1, question: 'favourite_part', options: JSON.stringify(['chat', 'news', 'stores']) })
    .execute();

  await db.schema
    .createTable('survey_votes')
    .$call(withId(db))
    .addColumn('survey_id', 'integer', (col) => col.notNull().references('surveys.id').onDelete('cascade'))
    .addColumn('option_index', 'integer', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    // The signed visitor cookie's id, for votes made logged out.
    .addColumn('visitor_id', 'text')
    .addColumn('ip_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', createdAt(db))
    .execute();
  await db.schema
    .createIndex('survey_votes_user_idx')
    .on('survey_votes')
    .columns(['survey_id', 'user_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('survey_votes_visitor_idx')
    .on('survey_votes')
    .columns(['survey_id', 'visitor_id'])
    .unique()
    .execute();
  await db.schema.createIndex('survey_votes_ip_idx').on('survey_votes').columns(['survey_id', 'ip_hash']).execute();

  await db.schema
    .createTable('home_news')
    .$call(withId(db))
    .addColumn('lang', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('link', 'text', (col) => col.notNull())
    .addColumn('snippet', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('image', 'text')
    .addColumn('created_at', 'text', createdAt(db))
    .execute();
  await db.schema.createIndex('home_news_lang_idx').on('home_news').columns(['lang', 'position']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('home_news').execute();
  await db.schema.dropTable('survey_votes').execute();
  await db.schema.dropTable('surveys').execute();
  await db.schema.dropTable('bio_entries').execute();
}
