import type { RevisionStamp } from '@papo/contract/editor';
import type { AlbumCategory, AlbumDetail, AlbumRow, StoreCard, StoreCountry, StoreItem, StoreKind } from '@papo/contract/stores';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database>;

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

function categoryOf(row: StoreRow): AlbumCategory | null {
  return row.category_id !== null && row.category_key !== null && row.category_name !== null
    ? { id: row.category_id, key: row.category_key, name: row.category_name }
    : null;
}

function rowOf(row: StoreRow): AlbumRow {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    kind: row.kind,
    category: categoryOf(row),
    country: row.country as StoreCountry,
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

async function itemsOf(db: Db, storeId: number): Promise<StoreItem[]> {
  const rows = await db.selectFrom('store_items').selectAll().where('store_id', '=', storeId).orderBy('position').execute();
  return rows.map((r) => ({ position: r.position, url: r.image, thumbnail: r.thumbnail, actionUrl: r.action_url, description: r.description }));
}

/** Published stores of a kind, newest first, each with its first picture for the card. */
export async function listPublished(db: Db, kind: StoreKind, page: number, limit: number): Promise<{ items: StoreCard[]; hasMore: boolean }> {
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
      country: r.country as StoreCountry,
      owner: r.owner_id,
      image: r.first_image ?? r.cover,
    })),
    hasMore: rows.length > limit,
  };
}

export async function findStore(db: Db, where: { id: number } | { slug: string; publishedOnly: true }): Promise<(Omit<AlbumDetail, keyof RevisionStamp> & { owner: number | null }) | undefined> {
  let query = baseQuery(db);
  query = 'id' in where ? query.where('s.id', '=', where.id) : query.where('s.slug', '=', where.slug).where('s.is_published', '=', 1);
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  return {
    ...rowOf(row),
    owner: row.owner_id,
    cover: row.cover,
    description: row.description,
    isEmptyDescription: row.description.trim() === '',
    articleId: row.article_id,
    content: await itemsOf(db, row.id),
  };
}

/** The staff list: every store, newest first. */
export async function listAlbums(db: Db, page: number, limit: number): Promise<{ albums: AlbumRow[]; hasMore: boolean }> {
  const rows = await baseQuery(db)
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(limit + 1)
    .offset((page - 1) * limit)
    .execute();
  return { albums: rows.slice(0, limit).map(rowOf), hasMore: rows.length > limit };
}

export async function isSlugTaken(db: Db, slug: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('stores').select('id').where('slug', '=', slug);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
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
  store: { kind: StoreKind; name: string; slug: string; country: string; categoryId: number | null; ownerId: number },
): Promise<number> {
  const row = await db
    .insertInto('stores')
    .values({ kind: store.kind, name: store.name, slug: store.slug, country: store.country, category_id: store.categoryId, owner_id: store.ownerId, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The fields of a store a revision keeps (decision 028): its row as a save left it. */
export async function revisedFields(db: Db, id: number) {
  return db.selectFrom('stores').select(['name', 'slug', 'country', 'category_id', 'cover', 'description', 'is_published']).where('id', '=', id).executeTakeFirst();
}

export async function updateStoreFields(db: Db, id: number, fields: { name: string; slug: string; country: string; categoryId: number | null }): Promise<void> {
  await db.updateTable('stores').set({ name: fields.name, slug: fields.slug, country: fields.country, category_id: fields.categoryId }).where('id', '=', id).execute();
}

export async function setPublished(db: Db, id: number, published: boolean): Promise<void> {
  await db.updateTable('stores').set({ is_published: published ? 1 : 0 }).where('id', '=', id).execute();
}

/** Sets the cover description, and the cover itself when one is given. */
export async function setCover(db: Db, id: number, description: string, cover?: string): Promise<void> {
  await db.updateTable('stores').set(cover ? { cover, description } : { description }).where('id', '=', id).execute();
}

/** Links a generated description's article unless the store has one already; answers whether it linked. */
export async function linkDescriptionArticle(db: Db, id: number, articleId: number, description: string): Promise<boolean> {
  const linked = await db.updateTable('stores').set({ article_id: articleId, description }).where('id', '=', id).where('article_id', 'is', null).executeTakeFirst();
  return Number(linked.numUpdatedRows) === 1;
}

/** Puts a picture in a slot, keeping the slot's link and product name; answers the picture it replaced. */
export async function putSlotPicture(db: Db, storeId: number, position: number, picture: { image: string; thumbnail: string }): Promise<string | undefined> {
  return db.transaction().execute(async (trx) => {
    const old = await trx.selectFrom('store_items').select('image').where('store_id', '=', storeId).where('position', '=', position).executeTakeFirst();
    await trx
      .insertInto('store_items')
      .values({ store_id: storeId, position, image: picture.image, thumbnail: picture.thumbnail })
      .onConflict((oc) => oc.columns(['store_id', 'position']).doUpdateSet({ image: picture.image, thumbnail: picture.thumbnail }))
      .execute();
    return old?.image;
  });
}

/** Sets a filled slot's link and product name; answers false when the slot is empty. */
export async function setSlotLink(db: Db, storeId: number, position: number, link: { actionUrl: string; description: string }): Promise<boolean> {
  const saved = await db
    .updateTable('store_items')
    .set({ action_url: link.actionUrl, description: link.description })
    .where('store_id', '=', storeId)
    .where('position', '=', position)
    .executeTakeFirst();
  return Number(saved.numUpdatedRows) === 1;
}

/** Empties a slot; answers the picture it held. */
export async function deleteSlot(db: Db, storeId: number, position: number): Promise<string | undefined> {
  const removed = await db.deleteFrom('store_items').where('store_id', '=', storeId).where('position', '=', position).returning('image').executeTakeFirst();
  return removed?.image;
}

/** Every published store's kind, slug and dates (the sitemap). */
export async function listPublishedPaths(db: Db) {
  return db.selectFrom('stores').select(['kind', 'slug', 'created_at', 'updated_at']).where('is_published', '=', 1).orderBy('id').execute();
}
