import { articleInput, type ArticleInput } from '@papo/contract/article-schemas';
import { articleLimits } from '@papo/contract/articles';
import { slugify } from '@papo/contract/slug';
import type { Kysely, Transaction } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/values.js';
import { htmlToText, sanitizeArticleHtml } from '../../lib/html.js';
import { httpError, parseBody } from '../../lib/http-error.js';
import { indexDocument, removeDocument } from '../search/documents.js';
import { isSlugTaken } from './repo.js';

/*
 * Writing articles (create, update, delete) with slug derivation, sanitising and the search index in
 * one transaction. The staff editor calls (a later issue) and the demo seed use these functions.
 */

export interface ArticleDeps {
  /** The database, or a transaction the writes join. */
  db: Kysely<Database>;
  dialect: Dialect;
  /** The site's origin (from PUBLIC_URL): links to it are internal, images on it are ours. */
  siteOrigin: string;
}

type Trx = Transaction<Database>;

const excerptLength = 200;
/** Used when a title has no letter or digit to make a slug from. */
const fallbackSlug = 'artigo';

function excerptOf(text: string): string {
  if (text.length <= excerptLength) return text;
  const cut = text.lastIndexOf(' ', excerptLength);
  return `${text.slice(0, cut > 0 ? cut : excerptLength)}…`;
}

/** `base`, or `base-2`, `base-3`… whichever is free. */
async function freeSlug(trx: Trx, base: string, exceptId?: number): Promise<string> {
  const root = base.slice(0, articleLimits.slug - 8) || fallbackSlug;
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? root : `${root}-${n}`;
    if (!(await isSlugTaken(trx, candidate, exceptId))) return candidate;
  }
}

function kindOf(isLyrics: boolean): 'article' | 'lyric' {
  return isLyrics ? 'lyric' : 'article';
}

interface Stored {
  id: number;
  slug: string;
  title: string;
  content: string;
  description: string;
  cover: string | null;
  isPublished: boolean;
  isLyrics: boolean;
}

async function syncIndex(trx: Trx, deps: ArticleDeps, article: Stored, before?: { isLyrics: boolean }): Promise<void> {
  if (before && before.isLyrics !== article.isLyrics) await removeDocument(trx, deps.dialect, kindOf(before.isLyrics), article.id);
  if (!article.isPublished) {
    await removeDocument(trx, deps.dialect, kindOf(article.isLyrics), article.id);
    return;
  }
  const text = htmlToText(article.content);
  await indexDocument(trx, deps.dialect, {
    kind: kindOf(article.isLyrics),
    refId: article.id,
    slug: article.slug,
    title: article.title,
    cover: article.cover,
    body: article.description ? `${article.description} ${text}` : text,
  });
}

type ParsedInput = ReturnType<typeof articleInput.parse>;

/** The columns a write sets from the input (both create and update). */
function columnsOf(input: ParsedInput, slug: string, content: string, now: string) {
  return {
    slug,
    title: input.title,
    content,
    description: input.description,
    excerpt: excerptOf(htmlToText(content)),
    cover: input.cover,
    images: JSON.stringify(input.images),
    youtube: input.youtube,
    category_id: input.categoryId,
    is_published: input.isPublished ? 1 : 0,
    is_lyrics: input.isLyrics ? 1 : 0,
    updated_at: now,
  };
}

/** Runs `work` in a transaction of its own, or in the caller's when `deps.db` is one (a seed writing many). */
async function writeInTransaction<T>(deps: ArticleDeps, work: (trx: Trx) => Promise<T>): Promise<T> {
  if (deps.db.isTransaction) return work(deps.db as Trx);
  try {
    return await deps.db.transaction().execute(work);
  } catch (error) {
    // Two writers deriving the same slug at once: the unique index decides, the loser hears it plainly.
    if (isUniqueViolation(error)) throw httpError(409, 'slug_taken');
    throw error;
  }
}

/** Creates an article (or lyric) by `authorId`; answers its id and slug. */
export async function createArticle(deps: ArticleDeps, authorId: number | null, raw: ArticleInput): Promise<{ id: number; slug: string }> {
  const input = parseBody(articleInput, raw);
  const content = sanitizeArticleHtml(input.content, deps.siteOrigin);
  return writeInTransaction(deps, async (trx) => {
    if (input.slug && (await isSlugTaken(trx, input.slug))) throw httpError(409, 'slug_taken');
    const slug = input.slug ?? (await freeSlug(trx, slugify(input.title)));
    const now = new Date().toISOString();
    const row = await trx
      .insertInto('articles')
      .values({
        ...columnsOf(input, slug, content, now),
        author_id: authorId,
        published_at: input.isPublished ? now : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await syncIndex(trx, deps, { ...input, id: row.id, slug, content });
    return { id: row.id, slug };
  });
}

/** Replaces an article's fields; an absent slug keeps the current one. 404 when it does not exist. */
export async function updateArticle(deps: ArticleDeps, id: number, raw: ArticleInput): Promise<{ slug: string }> {
  const input = parseBody(articleInput, raw);
  const content = sanitizeArticleHtml(input.content, deps.siteOrigin);
  return writeInTransaction(deps, async (trx) => {
    const current = await trx.selectFrom('articles').select(['slug', 'is_lyrics', 'published_at']).where('id', '=', id).executeTakeFirst();
    if (!current) throw httpError(404, 'article_not_found');
    const slug = input.slug ?? current.slug;
    if (slug !== current.slug && (await isSlugTaken(trx, slug, id))) throw httpError(409, 'slug_taken');
    const now = new Date().toISOString();
    await trx
      .updateTable('articles')
      .set({
        ...columnsOf(input, slug, content, now),
        // The first publication is the article's date; unpublishing and publishing again keeps it.
        published_at: current.published_at ?? (input.isPublished ? now : null),
      })
      .where('id', '=', id)
      .execute();
    await syncIndex(trx, deps, { ...input, id, slug, content }, { isLyrics: current.is_lyrics === 1 });
    return { slug };
  });
}

/** Deletes an article and its index entry. 404 when it does not exist. */
export async function deleteArticle(deps: ArticleDeps, id: number): Promise<void> {
  await writeInTransaction(deps, async (trx) => {
    const current = await trx.selectFrom('articles').select('is_lyrics').where('id', '=', id).executeTakeFirst();
    if (!current) throw httpError(404, 'article_not_found');
    await removeDocument(trx, deps.dialect, kindOf(current.is_lyrics === 1), id);
    await trx.deleteFrom('articles').where('id', '=', id).execute();
  });
}
