import type { RevisionStamp } from '@papo/contract/editor';
import {
  storeCountries,
  type AlbumCategory,
  type AlbumDetail,
  type AlbumRow,
  type StoreCard,
  type StoreCountry,
  type StoreItem,
  type StoreKind,
} from '@papo/contract/stores';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema.js';

type Trx = Transaction<Database>;

/** A slot as stored (live in `store_items`, drafted in `store_item_drafts`). */
export interface SlotRow {
  position: number;
  image: string;
  thumbnail: string;
  action_url: string | null;
  description: string;
}

/** What staff edit of a store (decision 028): its fields and slots, live or as its draft. */
export interface StoreContent {
  name: string;
  slug: string;
  country: StoreCountry;
  category_id: number | null;
  cover: string | null;
  description: string;
  items: SlotRow[];
}

function baseQuery(db: Db) {
  return db
    .selectFrom('stores as s')
    .leftJoin('album_categories as c', 'c.id', 's.category_id')
    .select([
      's.id',
      's.kind',
      's.name',
      's.slug',
      's.country',
      's.owner_id',
      's.is_published',
      's.cover',
      's.description',
      's.article_id',
      's.created_at',
      'c.id as category_id',
      'c.key as category_key',
      'c.name as category_name',
    ]);
}
type StoreRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

/** A stored country as the contract names it (the routes write only those; a hand-written 'BR' reads as 'br'). */
function countryOf(text: string): StoreCountry {
  const country = storeCountries.find((name) => name === text.toLowerCase());
  if (!country) throw new Error(`a store's country is not one of the contract's: ${text}`);
  return country;
}

function categoryOf(row: StoreRow): AlbumCategory | null {
  return row.category_id !== null && row.category_key !== null && row.category_name !== null
    ? { id: row.category_id, key: row.category_key, name: row.category_name }
    : null;
}

function rowOf(row: StoreRow): Omit<AlbumRow, 'pendingChanges'> {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    kind: row.kind,
    category: categoryOf(row),
    country: countryOf(row.country),
    published: row.is_published === 1,
    createdAt: row.created_at,
  };
}

export async function listCategories(db: Db): Promise<AlbumCategory[]> {
  return db.selectFrom('album_categories').select(['id', 'key', 'name']).orderBy('position').execute();
}

export async function categoryExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('album_categories').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

const slotColumns = ['position', 'image', 'thumbnail', 'action_url', 'description'] as const;

async function liveSlots(db: Db, storeId: number): Promise<SlotRow[]> {
  return db.selectFrom('store_items').select(slotColumns).where('store_id', '=', storeId).orderBy('position').execute();
}

async function draftSlots(db: Db, storeId: number): Promise<SlotRow[]> {
  return db
    .selectFrom('store_item_drafts')
    .select(slotColumns)
    .where('store_id', '=', storeId)
    .orderBy('position')
    .execute();
}

const itemOf = (r: SlotRow): StoreItem => ({
  position: r.position,
  url: r.image,
  thumbnail: r.thumbnail,
  actionUrl: r.action_url,
  description: r.description,
});

/** Published stores of a kind, newest first, each with its first picture for the card. */
export async function listPublished(
  db: Db,
  kind: StoreKind,
  page: number,
  limit: number,
): Promise<{ items: StoreCard[]; hasMore: boolean }> {
  const rows = await baseQuery(db)
    .select((eb) =>
      eb
        .selectFrom('store_items as i')
        .select('i.thumbnail')
        .whereRef('i.store_id', '=', 's.id')
        .orderBy('i.position')
        .limit(1)
        .as('first_image'),
    )
    .where('s.kind', '=', kind)
    .where('s.is_published', '=', 1)
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(limit + 1)
    .offset((page - 1) * limit)
    .execute();
  return {
    items: rows.slice(0, limit).map((r) => ({
      id: r.id,
      slug: r.slug,
      name: r.name,
      kind: r.kind,
      category: categoryOf(r),
      country: countryOf(r.country),
      owner: r.owner_id,
      image: r.first_image ?? r.cover,
    })),
    hasMore: rows.length > limit,
  };
}

type FoundStore = Omit<AlbumDetail, keyof RevisionStamp> & { owner: number | null };

/** The draft of a store with its category, if it has one. */
function draftQuery(db: Db, storeId: number) {
  return db
    .selectFrom('store_drafts as d')
    .leftJoin('album_categories as c', 'c.id', 'd.category_id')
    .select([
      'd.name',
      'd.slug',
      'd.country',
      'd.cover',
      'd.description',
      'c.id as category_id',
      'c.key as category_key',
      'c.name as category_name',
    ])
    .where('d.store_id', '=', storeId);
}

/**
 * A store by id (every state) or a published one by slug, as the public sees it; with `draft`, as its editors see it:
 * a published store's draft over its live fields and slots (decision 028), `pendingChanges` saying whether it has one.
 */
export async function findStore(
  db: Db,
  where: { id: number; draft?: boolean } | { slug: string; publishedOnly: true },
): Promise<FoundStore | undefined> {
  let query = baseQuery(db);
  query =
    'id' in where
      ? query.where('s.id', '=', where.id)
      : query.where('s.slug', '=', where.slug).where('s.is_published', '=', 1);
  const live = await query.executeTakeFirst();
  if (!live) return undefined;
  const draft = 'id' in where && where.draft ? await draftQuery(db, live.id).executeTakeFirst() : undefined;
  const row = draft ? { ...live, ...draft } : live;
  return {
    ...rowOf(row),
    owner: row.owner_id,
    cover: row.cover,
    description: row.description,
    isEmptyDescription: row.description.trim() === '',
    articleId: row.article_id,
    content: (draft ? await draftSlots(db, row.id) : await liveSlots(db, row.id)).map(itemOf),
    pendingChanges: draft !== undefined,
  };
}

/** The staff list: every store, newest first, each saying whether it has unpublished changes. */
export async function listAlbums(
  db: Db,
  page: number,
  limit: number,
): Promise<{ albums: AlbumRow[]; hasMore: boolean }> {
  const rows = await baseQuery(db)
    .leftJoin('store_drafts as d', 'd.store_id', 's.id')
    .select('d.store_id as draft_of')
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(limit + 1)
    .offset((page - 1) * limit)
    .execute();
  return {
    albums: rows.slice(0, limit).map((row) => ({ ...rowOf(row), pendingChanges: row.draft_of !== null })),
    hasMore: rows.length > limit,
  };
}

/** Whether another store has `slug`, live or in its draft. */
export async function isSlugTaken(db: Db, slug: string, exceptId?: number): Promise<boolean> {
  let live = db.selectFrom('stores').select('id').where('slug', '=', slug);
  let drafted = db.selectFrom('store_drafts').select('store_id as id').where('slug', '=', slug);
  if (exceptId !== undefined) {
    live = live.where('id', '!=', exceptId);
    drafted = drafted.where('store_id', '!=', exceptId);
  }
  return (await live.unionAll(drafted).executeTakeFirst()) !== undefined;
}

/** Published slots with a link, of one kind of store (the sponsored ads draw from them). */
export async function linkedSlots(db: Db, kind: StoreKind) {
  return db
    .selectFrom('store_items as i')
    .innerJoin('stores as s', 's.id', 'i.store_id')
    .select(['i.action_url', 'i.image', 'i.description', 's.slug', 's.name', 's.kind'])
    .where('s.kind', '=', kind)
    .where('s.is_published', '=', 1)
    .where('i.action_url', 'is not', null)
    .execute();
}

/** Inserts a store; answers its id. */
export async function insertStore(
  db: Db,
  store: {
    kind: StoreKind;
    name: string;
    slug: string;
    country: StoreCountry;
    categoryId: number | null;
    ownerId: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('stores')
    .values({
      kind: store.kind,
      name: store.name,
      slug: store.slug,
      country: store.country,
      category_id: store.categoryId,
      owner_id: store.ownerId,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A store's state as its saves change it: live content, publish state and draft (decision 028). */
export interface StoreState {
  published: boolean;
  live: StoreContent;
  /** A published store's unpublished changes. */
  draft: StoreContent | undefined;
}

const contentColumns = ['name', 'slug', 'country', 'category_id', 'cover', 'description'] as const;

/** A store's state, read inside its save; undefined when there is no such store. */
export async function readState(db: Db, id: number): Promise<StoreState | undefined> {
  const row = await db
    .selectFrom('stores')
    .select([...contentColumns, 'is_published'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const { is_published: published, ...fields } = row;
  const draft = await db
    .selectFrom('store_drafts')
    .select(contentColumns)
    .where('store_id', '=', id)
    .executeTakeFirst();
  return {
    published: published === 1,
    live: { ...fields, country: countryOf(fields.country), items: await liveSlots(db, id) },
    draft: draft && { ...draft, country: countryOf(draft.country), items: await draftSlots(db, id) },
  };
}

const fieldsOf = (content: StoreContent) => ({
  name: content.name,
  slug: content.slug,
  country: content.country,
  category_id: content.category_id,
  cover: content.cover,
  description: content.description,
});

const sameSlot = (a: SlotRow, b: SlotRow | undefined) =>
  b !== undefined &&
  a.image === b.image &&
  a.thumbnail === b.thumbnail &&
  a.action_url === b.action_url &&
  a.description === b.description;

const sameFields = (a: StoreContent, b: StoreContent) =>
  a.name === b.name &&
  a.slug === b.slug &&
  a.country === b.country &&
  a.category_id === b.category_id &&
  a.cover === b.cover &&
  a.description === b.description;

/** Whether two contents are the same store to a visitor. */
export function sameContent(a: StoreContent, b: StoreContent): boolean {
  const byPosition = new Map(b.items.map((item) => [item.position, item]));
  return (
    sameFields(a, b) &&
    a.items.length === b.items.length &&
    a.items.every((item) => sameSlot(item, byPosition.get(item.position)))
  );
}

/** Writes the live fields and slots that differ from `before` (so an unchanged slot does not move the page's date). */
export async function writeLive(trx: Trx, id: number, before: StoreContent, after: StoreContent): Promise<void> {
  if (!sameFields(before, after)) await trx.updateTable('stores').set(fieldsOf(after)).where('id', '=', id).execute();
  const kept = new Set(after.items.map((item) => item.position));
  const gone = before.items.filter((item) => !kept.has(item.position)).map((item) => item.position);
  if (gone.length)
    await trx.deleteFrom('store_items').where('store_id', '=', id).where('position', 'in', gone).execute();
  const was = new Map(before.items.map((item) => [item.position, item]));
  for (const item of after.items) {
    if (sameSlot(item, was.get(item.position))) continue;
    const { position: _position, ...slot } = item;
    await trx
      .insertInto('store_items')
      .values({ store_id: id, ...item })
      .onConflict((oc) => oc.columns(['store_id', 'position']).doUpdateSet(slot))
      .execute();
  }
}

/** Keeps `content` as the store's draft (in place of the one it had). */
export async function writeDraft(trx: Trx, id: number, content: StoreContent): Promise<void> {
  const fields = fieldsOf(content);
  await trx.deleteFrom('store_item_drafts').where('store_id', '=', id).execute();
  await trx
    .insertInto('store_drafts')
    .values({ store_id: id, ...fields, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('store_id').doUpdateSet(fields))
    .execute();
  if (content.items.length)
    await trx
      .insertInto('store_item_drafts')
      .values(content.items.map((item) => ({ store_id: id, ...item })))
      .execute();
}

/** Forgets a store's draft (its slots go with it). */
export async function dropDraft(trx: Trx, id: number): Promise<void> {
  await trx.deleteFrom('store_drafts').where('store_id', '=', id).execute();
}

export async function setPublished(trx: Trx, id: number, published: boolean): Promise<void> {
  await trx
    .updateTable('stores')
    .set({ is_published: published ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}

/** Links a generated description's article unless the store has one already; answers whether it linked. */
export async function linkDescriptionArticle(
  db: Db,
  id: number,
  articleId: number,
  description: string,
): Promise<boolean> {
  const linked = await db
    .updateTable('stores')
    .set({ article_id: articleId, description })
    .where('id', '=', id)
    .where('article_id', 'is', null)
    .executeTakeFirst();
  if (Number(linked.numUpdatedRows) !== 1) return false;
  // A draft takes the text too, so publishing it does not take the text back.
  await db.updateTable('store_drafts').set({ description }).where('store_id', '=', id).execute();
  return true;
}

/** Which of `images` a slot of some store still shows, live or in a draft, or a kept revision of a store shows. */
export async function slotImagesInUse(db: Db, images: readonly string[]): Promise<Set<string>> {
  if (!images.length) return new Set();
  const live = db.selectFrom('store_items').select('image').where('image', 'in', images);
  const drafted = db.selectFrom('store_item_drafts').select('image').where('image', 'in', images);
  const inUse = new Set((await live.unionAll(drafted).execute()).map((row) => row.image));
  // A picture a kept revision shows stays stored, so restoring that revision brings it back (decision 040).
  const kept = await db
    .selectFrom('record_revisions')
    .select('fields')
    .where('kind', '=', 'store')
    .where((eb) => eb.or(images.map((image) => eb('fields', 'like', `%${JSON.stringify(image)}%`))))
    .execute();
  for (const image of images) if (kept.some((row) => row.fields.includes(JSON.stringify(image)))) inUse.add(image);
  return inUse;
}

/** Every published store's kind, slug and dates (the sitemap). */
export async function listPublishedPaths(db: Db) {
  return db
    .selectFrom('stores')
    .select(['kind', 'slug', 'created_at', 'updated_at'])
    .where('is_published', '=', 1)
    .orderBy('id')
    .execute();
}
