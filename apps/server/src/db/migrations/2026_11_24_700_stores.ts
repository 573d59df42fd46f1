import { sql } from 'kysely';
import { createdAt, flag, withId, type AnyDb } from './helpers.js';

/**
 * Shops and course stores (decision 018): `album_categories` (reference rows), `stores` (one
 * row per shop or course store, `kind`) and `store_items` (the 12 slots, one row per filled position).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('album_categories')
    .$call(withId(db))
    .addColumn('key', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .execute();
  // reference data, not demo content: the album form picks from this list and no screen edits it.
  await db
    .insertInto('album_categories')
    .values(categories.map(([key, name], position) => ({ key, name, position })))
    .execute();

  await db.schema
    .createTable('stores')
    .$call(withId(db))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('shop', 'course')`))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('country', 'text', (col) => col.notNull())
    .addColumn('category_id', 'integer', (col) => col.references('album_categories.id').onDelete('set null'))
    .addColumn('owner_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('is_published', 'integer', flag('is_published', 0))
    .addColumn('cover', 'text')
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('article_id', 'integer', (col) => col.references('articles.id').onDelete('set null'))
    .addColumn('created_at', 'text', createdAt(db))
    .execute();
  await db.schema
    .createIndex('stores_public_idx')
    .on('stores')
    .columns(['kind', 'is_published', 'created_at'])
    .execute();

  await db.schema
    .createTable('store_items')
    .addColumn('store_id', 'integer', (col) => col.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull().check(sql`position between 0 and 11`))
    .addColumn('image', 'text', (col) => col.notNull())
    .addColumn('thumbnail', 'text', (col) => col.notNull())
    .addColumn('action_url', 'text')
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('store_items_pk', ['store_id', 'position'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('store_items').execute();
  await db.schema.dropTable('stores').execute();
  await db.schema.dropTable('album_categories').execute();
}

const categories: [string, string][] = [
  ['fashion', 'Moda'],
  ['beauty', 'Beleza'],
  ['home', 'Casa e decoração'],
  ['technology', 'Tecnologia'],
  ['books', 'Livros'],
  ['music', 'Música'],
  ['sports', 'Esportes'],
  ['education', 'Educação'],
  ['cooking', 'Culinária'],
  ['travel', 'Viagem'],
];
