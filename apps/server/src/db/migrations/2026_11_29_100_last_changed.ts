import { sql } from 'kysely';
import { isPostgres, nowIsoText, type AnyDb } from './helpers.js';

/*
 * `updated_at` of stores and biography entries: when their public page last changed, for the sitemap's `lastmod`.
 * Null until the first change (the page's last change is then its creation). Set by triggers in the
 * writer's own transaction, whoever the writer (the stores' and the biography's services, a seed, a hand edit): a
 * change of the row's own columns, and for a store any change of its slots (`store_items`).
 */

/** The columns a store's page shows; `updated_at` itself is not one, so the trigger's own write does not fire it. */
const storeColumns = 'kind, name, slug, country, category_id, owner_id, is_published, cover, description, article_id';
const bioColumns = 'kind, tag, tag_key, tags, paragraphs, layout, photo_path, description, year';
const itemEvents = ['insert', 'update', 'delete'] as const;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('stores').addColumn('updated_at', 'text').execute();
  await db.schema.alterTable('bio_entries').addColumn('updated_at', 'text').execute();
  const now = nowIsoText(db);
  if (isPostgres(db)) {
    await sql`
      create function papo_touch_updated_at() returns trigger language plpgsql as $$
      begin
        new.updated_at := ${now};
        return new;
      end $$`.execute(db);
    await sql`
      create function papo_touch_store_of_item() returns trigger language plpgsql as $$
      begin
        update stores set updated_at = ${now} where id = (case when tg_op = 'DELETE' then old.store_id else new.store_id end);
        if tg_op = 'UPDATE' and old.store_id <> new.store_id then
          update stores set updated_at = ${now} where id = old.store_id;
        end if;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger stores_updated_at before update of ${sql.raw(storeColumns)} on stores
      for each row execute function papo_touch_updated_at()`.execute(db);
    await sql`
      create trigger bio_entries_updated_at before update of ${sql.raw(bioColumns)} on bio_entries
      for each row execute function papo_touch_updated_at()`.execute(db);
    await sql`
      create trigger store_items_updated_at after insert or update or delete on store_items
      for each row execute function papo_touch_store_of_item()`.execute(db);
    return;
  }
  await sql`
    create trigger stores_updated_at after update of ${sql.raw(storeColumns)} on stores
    begin update stores set updated_at = ${now} where id = new.id; end`.execute(db);
  await sql`
    create trigger bio_entries_updated_at after update of ${sql.raw(bioColumns)} on bio_entries
    begin update bio_entries set updated_at = ${now} where id = new.id; end`.execute(db);
  for (const event of itemEvents) {
    const ids = event === 'insert' ? ['new'] : event === 'delete' ? ['old'] : ['new', 'old'];
    await sql`
      create trigger ${sql.raw(`store_items_updated_at_${event}`)} after ${sql.raw(event)} on store_items
      begin update stores set updated_at = ${now} where id in (${sql.raw(ids.map((row) => `${row}.store_id`).join(', '))}); end`.execute(
      db,
    );
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists stores_updated_at on stores`.execute(db);
    await sql`drop trigger if exists bio_entries_updated_at on bio_entries`.execute(db);
    await sql`drop trigger if exists store_items_updated_at on store_items`.execute(db);
    await sql`drop function if exists papo_touch_updated_at()`.execute(db);
    await sql`drop function if exists papo_touch_store_of_item()`.execute(db);
  } else {
    for (const name of [
      'stores_updated_at',
      'bio_entries_updated_at',
      ...itemEvents.map((event) => `store_items_updated_at_${event}`),
    ]) {
      await sql`drop trigger if exists ${sql.raw(name)}`.execute(db);
    }
  }
  await db.schema.alterTable('bio_entries').dropColumn('updated_at').execute();
  await db.schema.alterTable('stores').dropColumn('updated_at').execute();
}
