import { bodyText } from '@papo/contract/articles';
import type { RevisionChanges } from '@papo/contract/editor';
import type { ArticleRevision, ArticleRevisionSummary } from '@papo/contract/editor-articles';
import { characterChanges } from '@papo/contract/word-diff';
import type { Selectable, Transaction } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { ArticleRevisionsTable, Database, Db } from '../../db/schema.js';
import { parseTextList } from '../../db/values.js';
import { revisionsToDrop } from './retention.js';
import { staffName } from './staff-name.js';

/*
 * Article revisions (decision 024): every save of an article's text is a row of `article_revisions`; `article_heads`
 * names the newest (the editor's, whose id is the ETag) and the one the public reads. Only the text is revised —
 * category, publication and lyrics flags belong to the article and change at once.
 */

const textColumns = ['title', 'slug', 'content', 'description', 'cover', 'images', 'youtube'] as const;

/** The revised part of an article, as stored (`images` a JSON list): the text columns of a revision row. */
export type RevisionText = Pick<Selectable<ArticleRevisionsTable>, (typeof textColumns)[number]>;

export interface Heads {
  head: number;
  live: number;
}

/** Whether two texts are the same (a save that changes nothing makes no revision). */
export function sameText(a: RevisionText, b: RevisionText): boolean {
  return textColumns.every((column) => a[column] === b[column]);
}

export function textOf(row: RevisionText): RevisionText {
  return {
    title: row.title,
    slug: row.slug,
    content: row.content,
    description: row.description,
    cover: row.cover,
    images: row.images,
    youtube: row.youtube,
  };
}

export async function insertRevision(
  trx: Transaction<Database>,
  articleId: number,
  authorId: number | null,
  text: RevisionText,
  at: string,
  extra: { publishedAt?: string | null; restoredFrom?: number | null } = {},
): Promise<number> {
  const row = await trx
    .insertInto('article_revisions')
    .values({
      article_id: articleId,
      author_id: authorId,
      created_at: at,
      ...textOf(text),
      published_at: extra.publishedAt ?? null,
      restored_from: extra.restoredFrom ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The article's heads, locked for this transaction on PostgreSQL (SQLite's writer holds the whole file): two saves
 * of one article are decided one after the other. An article written before revisions existed, or by hand, gets
 * its first revision from the row as it stands.
 */
export async function lockHeads(
  trx: Transaction<Database>,
  dialect: Dialect,
  article: RevisionText & { id: number; author_id: number | null; updated_at: string },
): Promise<Heads> {
  const found = await trx
    .selectFrom('article_heads')
    .select(['head_revision_id', 'live_revision_id'])
    .where('article_id', '=', article.id)
    .$if(dialect === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst();
  if (found) return { head: found.head_revision_id, live: found.live_revision_id };
  const id = await insertRevision(trx, article.id, article.author_id, article, article.updated_at);
  await trx
    .insertInto('article_heads')
    .values({ article_id: article.id, head_revision_id: id, live_revision_id: id })
    .execute();
  return { head: id, live: id };
}

export async function setHeads(trx: Transaction<Database>, articleId: number, heads: Heads): Promise<void> {
  await trx
    .updateTable('article_heads')
    .set({ head_revision_id: heads.head, live_revision_id: heads.live })
    .where('article_id', '=', articleId)
    .execute();
}

/** Saves of one editor within the same ten minutes make one revision (`foldRevision`). */
const foldWindowMs = 10 * 60 * 1000;

/**
 * Folds the previous newest revision into the one just saved over it when both are one editor's saves of the same
 * ten-minute window (counted from the hour, so an hour of typing leaves six revisions, not one or a thousand): the
 * history keeps what was written, not every autosave. A restore, a revision the public reads (`keep`), a published
 * one and another editor's are never folded. The new revision has a new id, so the ETag still moves with each save.
 */
export async function foldRevision(
  trx: Transaction<Database>,
  previous: number,
  saved: { authorId: number | null; at: string; keep: number | null },
): Promise<void> {
  if (saved.authorId === null || previous === saved.keep) return;
  const row = await trx
    .selectFrom('article_revisions')
    .select(['author_id', 'created_at', 'restored_from', 'published_at'])
    .where('id', '=', previous)
    .executeTakeFirst();
  if (!row || row.author_id !== saved.authorId || row.restored_from !== null || row.published_at !== null) return;
  if (Math.floor(Date.parse(row.created_at) / foldWindowMs) !== Math.floor(Date.parse(saved.at) / foldWindowMs)) return;
  await trx.deleteFrom('article_revisions').where('id', '=', previous).execute();
}

/** Drops the revisions the retention no longer keeps at `now` (`revisionsToDrop`); the live one stays. */
export async function pruneRevisions(
  trx: Transaction<Database>,
  articleId: number,
  live: number,
  now: Date,
): Promise<void> {
  const rows = await trx
    .selectFrom('article_revisions')
    .select(['id', 'created_at'])
    .where('article_id', '=', articleId)
    .execute();
  const drop = revisionsToDrop(rows, now, new Set([live]));
  if (drop.length) await trx.deleteFrom('article_revisions').where('id', 'in', drop).execute();
}

export async function findHeads(db: Db, articleId: number): Promise<Heads | undefined> {
  const row = await db
    .selectFrom('article_heads')
    .select(['head_revision_id', 'live_revision_id'])
    .where('article_id', '=', articleId)
    .executeTakeFirst();
  return row && { head: row.head_revision_id, live: row.live_revision_id };
}

/**
 * The heads as the history shows them. A draft's or a scheduled article's live revision is what the public will read
 * once it goes live: until then the public reads nothing, so no row is marked as on the site (no revision has id 0).
 */
export async function findHistoryHeads(db: Db, articleId: number): Promise<Heads | undefined> {
  const row = await db
    .selectFrom('article_heads as h')
    .innerJoin('articles as a', 'a.id', 'h.article_id')
    .select(['h.head_revision_id', 'h.live_revision_id', 'a.is_published'])
    .where('h.article_id', '=', articleId)
    .executeTakeFirst();
  return row && { head: row.head_revision_id, live: row.is_published ? row.live_revision_id : 0 };
}

function selectRevisions(db: Db) {
  return db
    .selectFrom('article_revisions as r')
    .leftJoin('users', 'users.id', 'r.author_id')
    .select((eb) => [
      'r.id',
      'r.article_id',
      'r.created_at',
      'r.title',
      'r.slug',
      'r.content',
      'r.description',
      'r.cover',
      'r.images',
      'r.youtube',
      'r.published_at',
      'r.restored_from',
      eb.case().when('users.id', 'is', null).then(null).else(staffName(eb)).end().as('author_name'),
    ]);
}

type RevisionRow = Awaited<ReturnType<ReturnType<typeof selectRevisions>['executeTakeFirstOrThrow']>>;

/**
 * Word pairs one history row may align when counting its characters changed: a list compares every kept revision with
 * the one before it, so each comparison is bounded (an edit in one place of a long text stays exact, since the common
 * beginning and end are matched first; scattered edits beyond the bound count as an upper bound).
 */
const listMaxPairs = 40_000;

/** The text fields whose change a history row names (the body is counted in characters). */
const namedFields = ['title', 'slug', 'description', 'cover', 'images', 'youtube'] as const;

/** What `after` changed from `before`, the revision just older; null for the oldest kept (nothing to compare with). */
function articleChanges(before: RevisionText | undefined, after: RevisionText): RevisionChanges | null {
  if (!before) return null;
  const fields: string[] = namedFields.filter((field) => before[field] !== after[field]);
  const characters =
    before.content === after.content
      ? { added: 0, removed: 0 }
      : characterChanges(bodyText(before.content), bodyText(after.content), listMaxPairs);
  // The markup changed and no readable character did: a change of formatting, named as the body's.
  if (before.content !== after.content && characters.added === 0 && characters.removed === 0) fields.push('content');
  return { fields, slotsAdded: [], slotsRemoved: [], slotsChanged: [], characters };
}

function toSummary(row: RevisionRow, heads: Heads): ArticleRevisionSummary {
  return {
    id: row.id,
    authorName: row.author_name,
    createdAt: row.created_at,
    title: row.title,
    slug: row.slug,
    publishedAt: row.published_at,
    restoredFrom: row.restored_from,
    isHead: row.id === heads.head,
    isLive: row.id === heads.live,
  };
}

/** An article's revisions, newest first. */
export async function listRevisions(db: Db, articleId: number, heads: Heads): Promise<ArticleRevisionSummary[]> {
  const rows = await selectRevisions(db).where('r.article_id', '=', articleId).orderBy('r.id', 'desc').execute();
  return rows.map((row, index) => ({ ...toSummary(row, heads), changes: articleChanges(rows[index + 1], row) }));
}

/** One revision of one article, with its text (sanitised when it was saved). */
export async function findRevision(
  db: Db,
  articleId: number,
  revisionId: number,
  heads: Heads,
): Promise<ArticleRevision | undefined> {
  const row = await selectRevisions(db)
    .where('r.article_id', '=', articleId)
    .where('r.id', '=', revisionId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    ...toSummary(row, heads),
    content: row.content,
    description: row.description,
    cover: row.cover,
    images: parseTextList(row.images),
    youtube: row.youtube,
  };
}

/** The stored text of one revision. */
export async function revisionText(
  db: Db,
  revisionId: number,
): Promise<(RevisionText & { author_id: number | null; created_at: string }) | undefined> {
  return db
    .selectFrom('article_revisions')
    .select([...textColumns, 'author_id', 'created_at'])
    .where('id', '=', revisionId)
    .executeTakeFirst();
}
