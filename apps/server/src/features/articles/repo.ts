import type { ArticleCategory, LyricSummary } from '@papo/contract/articles';
import { Transaction, type Kysely } from 'kysely';
import { reusableQueryOf } from '../../db/reusable-query.js';
import type { Database, Db } from '../../db/schema.js';
import { staffName } from '../revisions/index.js';

/** An article row with its category key and author, as the public answers are built from it. */
export interface ArticleRow {
  id: number;
  slug: string;
  title: string;
  content: string;
  description: string;
  excerpt: string;
  cover: string | null;
  /** The cover's size, from its row in the image library (null when it has none). */
  cover_width: number | null;
  cover_height: number | null;
  images: string;
  youtube: string | null;
  category_id: number | null;
  category_key: string | null;
  is_published: number;
  is_lyrics: number;
  composer: string | null;
  published_at: string | null;
  /** A scheduled publication (decision 015). */
  publish_at: string | null;
  created_at: string;
  updated_at: string;
  author_name: string | null;
  author_image: string | null;
  author_welcome: string | null;
  /** The author's display name (the account's name) and username (their page's address), or null without an author. */
  author_display: string | null;
  author_username: string | null;
}

/** What a card in a list needs: no HTML, no image list. */
export type ArticleSummaryRow = Pick<
  ArticleRow,
  | 'id'
  | 'slug'
  | 'title'
  | 'description'
  | 'excerpt'
  | 'cover'
  | 'category_id'
  | 'category_key'
  | 'published_at'
  | 'created_at'
  | 'updated_at'
  | 'author_name'
>;

function selectSummaries(db: Db) {
  return db
    .selectFrom('articles as a')
    .leftJoin('article_categories as c', 'c.id', 'a.category_id')
    .leftJoin('users', 'users.id', 'a.author_id')
    .select((eb) => [
      'a.id',
      'a.slug',
      'a.title',
      'a.description',
      'a.excerpt',
      'a.cover',
      'a.category_id',
      'c.key as category_key',
      'a.published_at',
      'a.created_at',
      'a.updated_at',
      // The byline is the name members know the author by (the selected nickname, else the username), as everywhere.
      // The byline names the author as staff name each other: the display name, else the nickname.
      eb.case().when('users.id', 'is', null).then(null).else(staffName(eb)).end().as('author_name'),
    ]);
}

function selectArticles(db: Db) {
  return selectSummaries(db)
    .leftJoin('uploads as cu', 'cu.key', 'a.cover')
    .select([
      'cu.width as cover_width',
      'cu.height as cover_height',
      'a.content',
      'a.images',
      'a.youtube',
      'a.is_published',
      'a.is_lyrics',
      'a.composer',
      'a.publish_at',
      'users.profile_image as author_image',
      'users.welcome_message as author_welcome',
      'users.name as author_display',
      'users.username as author_username',
    ]);
}

/** The newest published articles or lyrics with their content, for the RSS feeds. */
export async function listFeedArticles(db: Db, opts: { lyrics: boolean; limit: number }): Promise<ArticleRow[]> {
  return selectArticles(db)
    .where('a.is_lyrics', '=', opts.lyrics ? 1 : 0)
    .where('a.is_published', '=', 1)
    .orderBy('a.published_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(opts.limit)
    .execute();
}

export async function findArticleById(db: Db, id: number): Promise<ArticleRow | undefined> {
  return selectArticles(db).where('a.id', '=', id).executeTakeFirst();
}

/** A published article or lyric by slug; unpublished ones do not exist for the public. */
export async function findPublishedBySlug(
  db: Db,
  slug: string,
  opts: { lyrics?: boolean } = {},
): Promise<ArticleRow | undefined> {
  // the article view's query is compiled once (decision 020); a transaction builds its own.
  if (!(db instanceof Transaction)) {
    const query =
      opts.lyrics === undefined ? publishedBySlug : opts.lyrics ? publishedLyricBySlug : publishedArticleBySlug;
    return (await query(db, slug))[0];
  }
  let query = selectArticles(db).where('a.slug', '=', slug).where('a.is_published', '=', 1);
  if (opts.lyrics !== undefined) query = query.where('a.is_lyrics', '=', opts.lyrics ? 1 : 0);
  return query.executeTakeFirst();
}

const publishedBySlug = reusableQueryOf(['string'], (db: Kysely<Database>, slug: string) =>
  selectArticles(db).where('a.slug', '=', slug).where('a.is_published', '=', 1),
);
const publishedLyricBySlug = reusableQueryOf(['string'], (db: Kysely<Database>, slug: string) =>
  selectArticles(db).where('a.slug', '=', slug).where('a.is_published', '=', 1).where('a.is_lyrics', '=', 1),
);
const publishedArticleBySlug = reusableQueryOf(['string'], (db: Kysely<Database>, slug: string) =>
  selectArticles(db).where('a.slug', '=', slug).where('a.is_published', '=', 1).where('a.is_lyrics', '=', 0),
);

export async function findPublishedLyricById(db: Db, id: number): Promise<ArticleRow | undefined> {
  return selectArticles(db)
    .where('a.id', '=', id)
    .where('a.is_published', '=', 1)
    .where('a.is_lyrics', '=', 1)
    .executeTakeFirst();
}

/** One page of published blog articles, newest first (the id breaks ties), and how many there are. */
export async function listPublishedArticles(
  db: Db,
  page: { offset: number; limit: number; categoryId?: number },
): Promise<{ rows: ArticleSummaryRow[]; total: number }> {
  let base = db.selectFrom('articles as a').where('a.is_lyrics', '=', 0).where('a.is_published', '=', 1);
  if (page.categoryId !== undefined) base = base.where('a.category_id', '=', page.categoryId);
  let rowsQuery = selectSummaries(db).where('a.is_lyrics', '=', 0).where('a.is_published', '=', 1);
  if (page.categoryId !== undefined) rowsQuery = rowsQuery.where('a.category_id', '=', page.categoryId);
  const [rows, count] = await Promise.all([
    rowsQuery.orderBy('a.published_at', 'desc').orderBy('a.id', 'desc').limit(page.limit).offset(page.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function findLatestArticle(db: Db): Promise<ArticleRow | undefined> {
  return selectArticles(db)
    .where('a.is_lyrics', '=', 0)
    .where('a.is_published', '=', 1)
    .orderBy('a.published_at', 'desc')
    .orderBy('a.id', 'desc')
    .executeTakeFirst();
}

function publishedLyrics(db: Db) {
  return db.selectFrom('articles').where('is_lyrics', '=', 1).where('is_published', '=', 1);
}

/** One page of published lyrics in the list order (title, then id), the order swiping follows. */
export async function listPublishedLyrics(
  db: Db,
  page: { offset: number; limit: number },
): Promise<{ lyrics: LyricSummary[]; total: number }> {
  const [rows, count] = await Promise.all([
    publishedLyrics(db)
      .select(['id', 'slug', 'title', 'cover', 'description', 'excerpt'])
      .orderBy('title')
      .orderBy('id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    publishedLyrics(db)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    lyrics: rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      title: r.title,
      cover: r.cover,
      shortContent: r.description || r.excerpt,
    })),
    total: Number(count.total),
  };
}

/** The slugs after and before a lyric in the list order, wrapping around, and the first slug. */
export async function findLyricNeighbours(
  db: Db,
  lyric: { id: number; title: string },
): Promise<{ next: string; previous: string; first: string }> {
  const { id, title } = lyric;
  const after = publishedLyrics(db)
    .select('slug')
    .where((eb) => eb.or([eb('title', '>', title), eb.and([eb('title', '=', title), eb('id', '>', id)])]))
    .orderBy('title')
    .orderBy('id')
    .limit(1);
  const before = publishedLyrics(db)
    .select('slug')
    .where((eb) => eb.or([eb('title', '<', title), eb.and([eb('title', '=', title), eb('id', '<', id)])]))
    .orderBy('title', 'desc')
    .orderBy('id', 'desc')
    .limit(1);
  const first = publishedLyrics(db).select('slug').orderBy('title').orderBy('id').limit(1);
  const last = publishedLyrics(db).select('slug').orderBy('title', 'desc').orderBy('id', 'desc').limit(1);
  const [n, p, f, l] = await Promise.all([after, before, first, last].map((q) => q.executeTakeFirst()));
  const firstSlug = f?.slug ?? '';
  return { next: n?.slug ?? firstSlug, previous: p?.slug ?? l?.slug ?? firstSlug, first: firstSlug };
}

export async function listCategories(db: Db): Promise<ArticleCategory[]> {
  return db.selectFrom('article_categories').select(['id', 'key', 'name']).orderBy('position').orderBy('id').execute();
}

export async function isSlugTaken(db: Db, slug: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('articles').select('id').where('slug', '=', slug);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return Boolean(await query.executeTakeFirst());
}

/** Slug, kind and last change of every published article and lyric (for the sitemap). */
export async function listPublicSlugs(db: Db): Promise<{ slug: string; is_lyrics: number; updated_at: string }[]> {
  return db
    .selectFrom('articles')
    .select(['slug', 'is_lyrics', 'updated_at'])
    .where('is_published', '=', 1)
    .orderBy('id')
    .execute();
}

/** A published blog article's or lyric's author by username (case-insensitive), with their published articles, newest first. */
export async function findAuthorWithArticles(
  db: Db,
  username: string,
): Promise<
  | {
      author: { name: string; username: string; image: string | null; welcome: string | null };
      rows: ArticleSummaryRow[];
    }
  | undefined
> {
  const author = await db
    .selectFrom('users')
    .select(['id', 'name', 'username', 'profile_image', 'welcome_message'])
    .where('username_lower', '=', username.toLowerCase())
    // a deleted account keeps its username reserved, never a page: its articles are the team's.
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!author) return undefined;
  const rows = await selectSummaries(db)
    .where('a.author_id', '=', author.id)
    .where('a.is_published', '=', 1)
    .where('a.is_lyrics', '=', 0)
    .orderBy('a.published_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(authorArticlesLimit)
    .execute();
  if (rows.length === 0) return undefined;
  return {
    author: {
      name: author.name,
      username: author.username,
      image: author.profile_image,
      welcome: author.welcome_message || null,
    },
    rows,
  };
}

/** Articles an author page lists. */
const authorArticlesLimit = 100;

/** Published articles of the same category as `row` (not itself), newest first. */
export async function listSameCategory(
  db: Db,
  row: Pick<ArticleRow, 'id' | 'category_id' | 'is_lyrics'>,
  limit: number,
): Promise<ArticleSummaryRow[]> {
  if (row.category_id === null) return [];
  return selectSummaries(db)
    .where('a.category_id', '=', row.category_id)
    .where('a.is_lyrics', '=', row.is_lyrics)
    .where('a.is_published', '=', 1)
    .where('a.id', '!=', row.id)
    .orderBy('a.published_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute();
}

/** Published articles by id, in no order. */
export async function listPublishedByIds(db: Db, ids: readonly number[]): Promise<ArticleSummaryRow[]> {
  if (ids.length === 0) return [];
  return selectSummaries(db).where('a.id', 'in', ids).where('a.is_published', '=', 1).execute();
}

/** Every author with a published article, with their newest change: their pages, for the sitemap. */
export async function listAuthorPages(db: Db): Promise<{ username: string; updated_at: string }[]> {
  return db
    .selectFrom('articles as a')
    .innerJoin('users', 'users.id', 'a.author_id')
    .select((eb) => ['users.username', eb.fn.max('a.updated_at').as('updated_at')])
    .where('a.is_published', '=', 1)
    .where('a.is_lyrics', '=', 0)
    .groupBy('users.username')
    .orderBy('users.username')
    .execute();
}
