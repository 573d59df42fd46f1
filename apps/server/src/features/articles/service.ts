import { articleInput, type ArticleFields, type ArticleInput } from '@papo/contract/article-schemas';
import { articleLimits } from '@papo/contract/articles';
import { slugify } from '@papo/contract/slug';
import type { FastifyInstance } from 'fastify';
import { Transaction, type Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { isUniqueViolation, parseTextList } from '../../db/values.js';
import { htmlToText, sanitizeArticleHtml } from '../../lib/html.js';
import { httpError, parseBody } from '../../lib/http-error.js';
import { indexDocument, removeDocument } from '../search/index.js';
import { claimSlug, recordSlugChange } from '../redirects/index.js';
import { findArticleById, isSlugTaken } from './repo.js';
import {
  conflict,
  findHeads,
  foldRevision,
  ifMatchHolds,
  insertRevision,
  lockHeads,
  pruneRevisions,
  revisionText,
  sameText,
  setHeads,
  textOf,
  type Heads,
  type RevisionText,
} from '../revisions/index.js';

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

/** The write service's dependencies taken from a built app. */
export function articleDeps(app: FastifyInstance): ArticleDeps {
  return {
    db: app.db,
    dialect: app.dialect,
    siteOrigin: new URL(app.config.PUBLIC_URL).origin,
  };
}

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
  if (before && before.isLyrics !== article.isLyrics)
    await removeDocument(trx, deps.dialect, kindOf(before.isLyrics), article.id);
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

/**
 * What a write stores for `isPublished` and `publishAt`: a publication asked for a later time is
 * scheduled (unpublished, `publish_at` set) and goes live then (`releaseDueArticles`).
 */
function publication(input: ArticleFields, now: Date): { live: boolean; publishAt: string | null } {
  const at = input.publishAt ? new Date(input.publishAt) : null;
  if (input.isPublished && at && at.getTime() > now.getTime()) return { live: false, publishAt: at.toISOString() };
  return { live: input.isPublished, publishAt: null };
}

async function checkCategory(trx: Trx, categoryId: number | null): Promise<void> {
  if (categoryId === null) return;
  const found = await trx.selectFrom('article_categories').select('id').where('id', '=', categoryId).executeTakeFirst();
  if (!found) throw httpError(400, 'category_not_found', { categoryId: ['category_not_found'] });
}

/** The columns a write sets from the input (both create and update). */
function columnsOf(input: ArticleFields, slug: string, content: string, now: Date) {
  const { live, publishAt } = publication(input, now);
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
    is_published: live ? 1 : 0,
    is_lyrics: input.isLyrics ? 1 : 0,
    // An absent composer leaves the stored one: a save of the text alone does not clear it.
    ...(input.composer !== undefined ? { composer: input.composer } : {}),
    publish_at: publishAt,
    updated_at: now.toISOString(),
  };
}

/** Runs `work` in a transaction of its own, or in the caller's when `deps.db` is one (a seed writing many). */
async function writeInTransaction<T>(deps: ArticleDeps, work: (trx: Trx) => Promise<T>): Promise<T> {
  if (deps.db instanceof Transaction) return work(deps.db);
  try {
    return await deps.db.transaction().execute(work);
  } catch (error) {
    // Two writers deriving the same slug at once: the unique index decides, the loser hears it plainly.
    if (isUniqueViolation(error)) throw httpError(409, 'slug_taken');
    throw error;
  }
}

/**
 * The fields of a write that comes from no route (a seed, a store's generated description): the route table parses
 * the editor's bodies, this the rest, so the services take only parsed fields. 400 with the keys of bad ones.
 */
export function articleFields(raw: ArticleInput): ArticleFields {
  return parseBody(articleInput, raw);
}

/** Creates an article (or lyric) by `authorId`; answers its id and slug. */
export async function createArticle(
  deps: ArticleDeps,
  authorId: number | null,
  input: ArticleFields,
): Promise<{ id: number; slug: string; revision: number }> {
  const content = sanitizeArticleHtml(input.content, deps.siteOrigin);
  return writeInTransaction(deps, async (trx) => {
    await checkCategory(trx, input.categoryId);
    if (input.slug && (await isSlugTaken(trx, input.slug))) throw httpError(409, 'slug_taken');
    const slug = input.slug ?? (await freeSlug(trx, slugify(input.title)));
    const now = new Date();
    const columns = columnsOf(input, slug, content, now);
    const row = await trx
      .insertInto('articles')
      .values({ ...columns, author_id: authorId, published_at: columns.is_published ? columns.updated_at : null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await claimSlug(trx, 'article', slug);
    const revision = await insertRevision(trx, row.id, authorId, columns, columns.updated_at, {
      publishedAt: columns.is_published ? columns.updated_at : null,
    });
    await trx
      .insertInto('article_heads')
      .values({ article_id: row.id, head_revision_id: revision, live_revision_id: revision })
      .execute();
    await syncIndex(trx, deps, { ...input, isPublished: columns.is_published === 1, id: row.id, slug, content });
    return { id: row.id, slug, revision };
  });
}

/** Who saves, and the revision they last read (`If-Match`; absent: a client that does not send one). */
export interface SaveOptions {
  authorId?: number | null;
  ifMatch?: string;
  /** The revision a restore brings back. */
  restoredFrom?: number;
  /**
   * A live article keeps its live text and this save waits for `publishChanges` (the editor's saves). Without it
   * the save is live at once (seeds, the stores' generated descriptions).
   */
  asDraft?: boolean;
  /** An autosave: it folds into this editor's newest revision of the same ten minutes (`foldRevision`). */
  fold?: boolean;
  /** The save's time (a revision's age decides how long it is kept); the clock's by default. */
  now?: Date;
}

export interface SavedArticle {
  /** The slug of the newest text. */
  slug: string;
  /** The slug the public reads. */
  liveSlug: string;
  revision: number;
  /** A live article whose newest text waits for "publish changes". */
  pendingChanges: boolean;
}

/**
 * Saves an article (decision 024). Every save whose text differs from the newest revision keeps a revision. Saved
 * `asDraft`, a live article that stays live keeps its live text: the save becomes the newest revision, and
 * `publishChanges` makes it live; its category, lyrics flag and composer change at once. Anything else (a draft, a scheduled article, a save that
 * unpublishes) is written to the article as well. An absent slug keeps the newest text's. 404 when it does not
 * exist; 412 `edit_conflict` when `ifMatch` names an older revision.
 */
export async function updateArticle(
  deps: ArticleDeps,
  id: number,
  input: ArticleFields,
  opts: SaveOptions = {},
): Promise<SavedArticle> {
  const content = sanitizeArticleHtml(input.content, deps.siteOrigin);
  return writeInTransaction(deps, async (trx) => {
    const current = await trx.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirst();
    if (!current) throw httpError(404, 'article_not_found');
    const heads = await lockHeads(trx, deps.dialect, current);
    if (!ifMatchHolds(opts.ifMatch, heads.head)) conflict();
    const head = (await revisionText(trx, heads.head)) ?? textOf(current);
    await checkCategory(trx, input.categoryId);
    const slug = input.slug ?? head.slug;
    if (slug !== current.slug && slug !== head.slug && (await isSlugTaken(trx, slug, id)))
      throw httpError(409, 'slug_taken');
    const columns = columnsOf(input, slug, content, opts.now ?? new Date());
    const staysLive = opts.asDraft === true && current.is_published === 1 && columns.is_published === 1;
    const next: Heads = { ...heads };
    if (!sameText(columns, head)) {
      next.head = await insertRevision(trx, id, opts.authorId ?? null, columns, columns.updated_at, {
        publishedAt: !staysLive && columns.is_published ? columns.updated_at : null,
        restoredFrom: opts.restoredFrom ?? null,
      });
      // Autosaves fold; the text the public reads is never folded away.
      if (opts.fold) {
        await foldRevision(trx, heads.head, {
          authorId: opts.authorId ?? null,
          at: columns.updated_at,
          keep: current.is_published === 1 ? heads.live : null,
        });
      }
    }
    if (staysLive) {
      // The public keeps reading the live text; a save that brings the text back to it leaves nothing pending.
      if (sameText(columns, current)) next.live = next.head;
      const composer = columns.composer === undefined ? current.composer : columns.composer;
      if (
        current.category_id !== columns.category_id ||
        current.is_lyrics !== columns.is_lyrics ||
        current.composer !== composer
      ) {
        await trx
          .updateTable('articles')
          .set({
            category_id: columns.category_id,
            is_lyrics: columns.is_lyrics,
            composer,
            updated_at: columns.updated_at,
          })
          .where('id', '=', id)
          .execute();
        await syncIndex(
          trx,
          deps,
          { ...textOf(current), id, isPublished: true, isLyrics: columns.is_lyrics === 1 },
          { isLyrics: current.is_lyrics === 1 },
        );
      }
    } else {
      await trx
        .updateTable('articles')
        .set({
          ...columns,
          // The first publication is the article's date; unpublishing and publishing again keeps it.
          published_at: current.published_at ?? (columns.is_published ? columns.updated_at : null),
        })
        .where('id', '=', id)
        .execute();
      // The old address keeps answering, with a redirect to this one.
      await recordSlugChange(trx, 'article', id, current.slug, slug);
      await syncIndex(
        trx,
        deps,
        { ...input, isPublished: columns.is_published === 1, id, slug, content },
        { isLyrics: current.is_lyrics === 1 },
      );
      next.live = next.head;
    }
    if (next.head !== heads.head || next.live !== heads.live) {
      await setHeads(trx, id, next);
      await pruneRevisions(trx, id, next.live, new Date(columns.updated_at));
    }
    return {
      slug,
      liveSlug: staysLive ? current.slug : slug,
      revision: next.head,
      pendingChanges: next.head !== next.live,
    };
  });
}

/**
 * Makes the newest text of a live article what the public reads ("Publicar alterações"). Nothing pending: nothing
 * written. 412 `edit_conflict` when `ifMatch` names an older revision (the editor would publish text it has not seen).
 */
export async function publishChanges(deps: ArticleDeps, id: number, opts: SaveOptions = {}): Promise<SavedArticle> {
  return writeInTransaction(deps, async (trx) => {
    const current = await trx.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirst();
    if (!current) throw httpError(404, 'article_not_found');
    const heads = await lockHeads(trx, deps.dialect, current);
    if (!ifMatchHolds(opts.ifMatch, heads.head)) conflict();
    if (heads.head === heads.live)
      return { slug: current.slug, liveSlug: current.slug, revision: heads.head, pendingChanges: false };
    const head = await revisionText(trx, heads.head);
    if (!head) throw httpError(404, 'revision_not_found');
    if (head.slug !== current.slug && (await isSlugTaken(trx, head.slug, id))) throw httpError(409, 'slug_taken');
    const now = new Date().toISOString();
    await trx
      .updateTable('articles')
      .set({ ...textOf(head), excerpt: excerptOf(htmlToText(head.content)), updated_at: now })
      .where('id', '=', id)
      .execute();
    await trx.updateTable('article_revisions').set({ published_at: now }).where('id', '=', heads.head).execute();
    await recordSlugChange(trx, 'article', id, current.slug, head.slug);
    await setHeads(trx, id, { head: heads.head, live: heads.head });
    await syncIndex(trx, deps, {
      ...textOf(head),
      id,
      isPublished: current.is_published === 1,
      isLyrics: current.is_lyrics === 1,
    });
    return { slug: head.slug, liveSlug: head.slug, revision: heads.head, pendingChanges: false };
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

/** A slug like `wanted` that no other article holds (`wanted-2`, `wanted-3`…): the suggestion after a 409. */
export async function suggestSlug(deps: ArticleDeps, wanted: string, exceptId?: number): Promise<string> {
  return deps.db.transaction().execute((trx) => freeSlug(trx, slugify(wanted), exceptId));
}

/** The fields the category and cover editors change; the rest of the article stays as it is. */
export type ArticlePatch = Partial<
  Pick<ArticleFields, 'categoryId' | 'isPublished' | 'isLyrics' | 'composer' | 'publishAt' | 'cover' | 'description'>
>;

/**
 * Changes some fields of an article through `updateArticle`, so the same rules, revisions and index sync apply; the
 * text it starts from is the newest revision (a live article's pending changes are kept).
 */
export async function patchArticle(
  deps: ArticleDeps,
  id: number,
  patch: ArticlePatch,
  opts: SaveOptions = {},
): Promise<SavedArticle> {
  const row = await findArticleById(deps.db, id);
  if (!row) throw httpError(404, 'article_not_found');
  const heads = await findHeads(deps.db, id);
  const text = (heads && (await revisionText(deps.db, heads.head))) ?? row;
  return updateArticle(
    deps,
    id,
    {
      ...articleInputOf(text),
      categoryId: row.category_id,
      // A scheduled article counts as published at its time: a patch that does not touch it keeps the schedule.
      isPublished: row.is_published === 1 || row.publish_at !== null,
      isLyrics: row.is_lyrics === 1,
      publishAt: row.publish_at,
      ...patch,
    },
    opts,
  );
}

const textFields = articleInput.pick({
  title: true,
  slug: true,
  content: true,
  description: true,
  cover: true,
  images: true,
  youtube: true,
});

/**
 * The fields that write `text` again as it is, checked by today's rules: a revision written before a rule was
 * tightened is refused with the keys (400) rather than stored again unchecked.
 */
export function articleInputOf(
  text: RevisionText,
): Pick<ArticleFields, 'title' | 'slug' | 'content' | 'description' | 'cover' | 'images' | 'youtube'> {
  return parseBody(textFields, {
    title: text.title,
    slug: text.slug,
    content: text.content,
    description: text.description,
    cover: text.cover,
    images: parseTextList(text.images),
    youtube: text.youtube,
  });
}

/**
 * Publishes every scheduled article whose time has come, with its search entry. Safe on several
 * nodes at once: each article is taken by a compare-and-set on `publish_at`, so exactly one node
 * publishes it. Answers how many this call published.
 */
export async function releaseDueArticles(deps: ArticleDeps, now: Date = new Date()): Promise<number> {
  const due = await deps.db.selectFrom('articles').select('id').where('publish_at', '<=', now.toISOString()).execute();
  let released = 0;
  for (const { id } of due) {
    const done = await writeInTransaction(deps, async (trx) => {
      const row = await findArticleById(trx, id);
      if (!row?.publish_at) return false;
      const taken = await trx
        .updateTable('articles')
        .set({ is_published: 1, published_at: row.published_at ?? row.publish_at, publish_at: null })
        .where('id', '=', id)
        .where('publish_at', '=', row.publish_at)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) return false;
      await syncIndex(trx, deps, {
        id,
        slug: row.slug,
        title: row.title,
        content: row.content,
        description: row.description,
        cover: row.cover,
        isPublished: true,
        isLyrics: row.is_lyrics === 1,
      });
      return true;
    });
    if (done) released += 1;
  }
  return released;
}

/** When the next scheduled article goes live, or null when none waits. */
export async function nextRelease(db: Kysely<Database>): Promise<Date | null> {
  const row = await db
    .selectFrom('articles')
    .select((eb) => eb.fn.min('publish_at').as('next'))
    .executeTakeFirst();
  return row?.next ? new Date(row.next) : null;
}
