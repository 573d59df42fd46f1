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
