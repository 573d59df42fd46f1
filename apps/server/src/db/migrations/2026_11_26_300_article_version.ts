import { sql } from 'kysely';
import { isPostgres, type AnyDb } from './helpers.js';

/*
 * `article_version`: one row whose number grows with every change to what a public article answer is made of —
 * the article rows (a lyric's answer also names its neighbours), the category keys, and the author's name,
 * picture and welcome message — by triggers, in the writer's own transaction, whoever the writer (the article
 * service, a profile edit, a seed, a hand edit). A node keeps article answers in memory with the number they were
 * computed at and reads only this row to know whether they still hold (features/articles/answers.ts, decision 010),
 * as search answers do with `search_version`.
 */
const articleEvents = ['insert', 'update', 'delete'] as const;
/** The author's columns an article answer carries; other account changes (logins, settings) leave it alone. */
const authorColumns = 'username, profile_image, welcome_message';

/** [trigger name suffix, SQLite event clause] for every change that moves the version. */
const sqliteTriggers: [string, string][] = [
  ...articleEvents.map((event): [string, string] => [`articles_${event}`, `${event} on articles`]),
  ...articleEvents.map((event): [string, string] => [`article_categories_${event}`, `${event} on article_categories`]),
  ['users_author', `update of ${authorColumns} on users`],
  // a deleted author leaves their articles without one (`on delete set null`): counted here, not left to
  // whether the foreign key's action fires the articles' triggers.
  ['users_delete', 'delete on users'],
];

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('article_version')
    .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn('version', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.insertInto('article_version').values({ id: 1, version: 0 }).execute();
  if (isPostgres(db)) {
    await sql`
      create function papo_bump_article_version() returns trigger language plpgsql as $$
      begin
        update article_version set version = version + 1 where id = 1;
        return null;
      end $$`.execute(db);
    for (const table of ['articles', 'article_categories']) {
      await sql`
        create trigger ${sql.raw(`${table}_article_version`)} after insert or update or delete or truncate on ${sql.table(table)}
        for each statement execute function papo_bump_article_version()`.execute(db);
    }
    await sql`
      create trigger users_article_version after update of ${sql.raw(authorColumns)} or delete on users
      for each statement execute function papo_bump_article_version()`.execute(db);
    return;
  }
  for (const [name, clause] of sqliteTriggers) {
    await sql`
      create trigger ${sql.raw(`article_version_${name}`)} after ${sql.raw(clause)}
      begin
        update article_version set version = version + 1 where id = 1;
      end`.execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists articles_article_version on articles`.execute(db);
    await sql`drop trigger if exists article_categories_article_version on article_categories`.execute(db);
    await sql`drop trigger if exists users_article_version on users`.execute(db);
    await sql`drop function if exists papo_bump_article_version()`.execute(db);
  } else {
    for (const [name] of sqliteTriggers)
      await sql`drop trigger if exists ${sql.raw(`article_version_${name}`)}`.execute(db);
  }
  await db.schema.dropTable('article_version').execute();
}
