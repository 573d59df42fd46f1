import { type RecordRevisionList, type RevisionChanges, type RevisionStamp } from '@papo/contract/editor';
import type { Transaction } from 'kysely';
import type { Dialect } from '../../db/database.js';
import { staffName } from './staff-name.js';
import type { Database, Db } from '../../db/schema.js';
import { conflict, ifMatchHolds } from './if-match.js';
import { revisionsToDrop } from './retention.js';

/*
 * Revisions of stores and bio entries (decision 028), the same rule as an article's (decision 024): every staff save
 * that changes a record's fields keeps them as a revision with who and when (as long as `revisionsToDrop` keeps them), the newest
 * revision's id is the record's ETag, and a save naming an older one is 412 `edit_conflict` before anything is
 * written.
 */

export type RecordKind = 'store' | 'bio';
const tableOf = { store: 'stores', bio: 'bio_entries' } as const satisfies Record<RecordKind, keyof Database>;

/** A record before its first revision: version 0 (its ETag `"r0"`), by nobody known. */
const unsaved: RevisionStamp = { revision: 0, revisionAuthor: null, revisionAt: null };

function stampQuery(db: Db, kind: RecordKind) {
  return db
    .selectFrom('record_revisions as r')
    .leftJoin('users', 'users.id', 'r.author_id')
    .select((eb) => [
      'r.id',
      'r.ref_id',
      'r.created_at',
      eb.case().when('users.id', 'is', null).then(null).else(staffName(eb)).end().as('author_name'),
    ])
    .where('r.kind', '=', kind);
}

/** The versions of some records of a kind (one query for an editor's list). */
export async function recordStamps(
  db: Db,
  kind: RecordKind,
  refIds: readonly number[],
): Promise<Map<number, RevisionStamp>> {
  const stamps = new Map<number, RevisionStamp>();
  if (!refIds.length) return stamps;
  const newest = db
    .selectFrom('record_revisions')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('kind', '=', kind)
    .where('ref_id', 'in', refIds)
    .groupBy('ref_id');
  const rows = await stampQuery(db, kind).where('r.id', 'in', newest).execute();
  for (const row of rows)
    stamps.set(row.ref_id, { revision: row.id, revisionAuthor: row.author_name, revisionAt: row.created_at });
  return stamps;
}

/** The version of one record. */
export async function recordStamp(db: Db, kind: RecordKind, refId: number): Promise<RevisionStamp> {
  return (await recordStamps(db, kind, [refId])).get(refId) ?? unsaved;
}

export interface RecordSave {
  kind: RecordKind;
  refId: number;
  authorId: number | null;
  /** The `If-Match` the editor sent (absent: a client written from the specification, which saves unconditionally). */
  ifMatch?: string;
  /** The save's time (a revision's age decides how long it is kept); the clock's by default. */
  now?: Date;
}

/**
 * Saves a record conflict-safe, inside the caller's transaction: locks the record's row (PostgreSQL; SQLite has one
 * writer), refuses a stale `If-Match` with 412 `edit_conflict` before `write` runs, then keeps the fields `write`
 * answers (the record as it now is) as a revision when they differ from the newest one. Answers the record's
 * version after the save. `write` answers undefined when the record does not exist (nothing is kept).
 */
export async function saveRecord(
  trx: Transaction<Database>,
  dialect: Dialect,
  save: RecordSave,
  write: () => Promise<Record<string, unknown> | undefined>,
): Promise<number> {
  await trx
    .selectFrom(tableOf[save.kind])
    .select('id')
    .where('id', '=', save.refId)
    .$if(dialect === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst();
  const newest = await trx
    .selectFrom('record_revisions')
    .select(['id', 'fields'])
    .where('kind', '=', save.kind)
    .where('ref_id', '=', save.refId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!ifMatchHolds(save.ifMatch, newest?.id ?? 0)) conflict();
  const fields = await write();
  if (!fields) return newest?.id ?? 0;
  const text = JSON.stringify(fields);
  if (newest?.fields === text) return newest.id;
  const now = save.now ?? new Date();
  const { id } = await trx
    .insertInto('record_revisions')
    .values({
      kind: save.kind,
      ref_id: save.refId,
      author_id: save.authorId,
      created_at: now.toISOString(),
      fields: text,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const kept = await trx
    .selectFrom('record_revisions')
    .select(['id', 'created_at'])
    .where('kind', '=', save.kind)
    .where('ref_id', '=', save.refId)
    .execute();
  const drop = revisionsToDrop(kept, now);
  if (drop.length) await trx.deleteFrom('record_revisions').where('id', 'in', drop).execute();
  return id;
}

/** A kept revision of a record: who saved it, when, and the fields as that save left them. */
interface RecordRevision {
  id: number;
  authorName: string | null;
  createdAt: string;
  fields: Record<string, unknown>;
}

/** The fields a revision kept (an object of JSON; anything else reads as no fields). */
function fieldsOf(text: string): Record<string, unknown> {
  const value: unknown = JSON.parse(text);
  return typeof value === 'object' && value !== null ? Object.fromEntries(Object.entries(value)) : {};
}

/** A record's revisions, newest first (its history panel). */
async function listRecordRevisions(db: Db, kind: RecordKind, refId: number): Promise<RecordRevision[]> {
  const rows = await stampQuery(db, kind)
    .select('r.fields')
    .where('r.ref_id', '=', refId)
    .orderBy('r.id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    authorName: row.author_name,
    createdAt: row.created_at,
    fields: fieldsOf(row.fields),
  }));
}

/** A record's history as the history panel shows it: newest first, each titled by its `titleField` then. */
export async function recordRevisionList(
  db: Db,
  kind: RecordKind,
  refId: number,
  titleField: string,
): Promise<RecordRevisionList> {
  const revisions = await listRecordRevisions(db, kind, refId);
  return {
    revisions: revisions.map((revision, index) => ({
      id: revision.id,
      authorName: revision.authorName,
      createdAt: revision.createdAt,
      title: String(revision.fields[titleField] ?? ''),
      isHead: index === 0,
      changes: changesFrom(revisions[index + 1], revision),
    })),
  };
}

/** A slot as a revision keeps it: its position and the rest. */
function slotsOf(fields: Record<string, unknown>): Map<number, string> {
  const items: unknown[] = Array.isArray(fields.items) ? fields.items : [];
  const slots = new Map<number, string>();
  for (const item of items) {
    if (typeof item === 'object' && item !== null && 'position' in item && typeof item.position === 'number')
      slots.set(item.position, JSON.stringify(item));
  }
  return slots;
}

/** What a revision changed from the one before it; null for the oldest kept (nothing to compare with). */
function changesFrom(before: RecordRevision | undefined, after: RecordRevision): RevisionChanges | null {
  return before ? changesBetween(before.fields, after.fields) : null;
}

/** What changed from `before` to `after`: the fields that differ (slots aside), and the slots by position. */
function changesBetween(before: Record<string, unknown>, after: Record<string, unknown>): RevisionChanges {
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((name) => name !== 'items');
  const fields = names.filter((name) => JSON.stringify(before[name] ?? null) !== JSON.stringify(after[name] ?? null));
  const was = slotsOf(before);
  const now = slotsOf(after);
  const byPosition = (positions: Iterable<number>) => [...positions].sort((a, b) => a - b);
  return {
    fields,
    slotsAdded: byPosition([...now.keys()].filter((position) => !was.has(position))),
    slotsRemoved: byPosition([...was.keys()].filter((position) => !now.has(position))),
    slotsChanged: byPosition(
      [...now.keys()].filter((position) => was.has(position) && was.get(position) !== now.get(position)),
    ),
  };
}

/** One revision of a record (a restore's source); undefined when it is not one of this record's. */
export async function findRecordRevision(
  db: Db,
  kind: RecordKind,
  refId: number,
  id: number,
): Promise<RecordRevision | undefined> {
  const row = await stampQuery(db, kind)
    .select('r.fields')
    .where('r.ref_id', '=', refId)
    .where('r.id', '=', id)
    .executeTakeFirst();
  return row && { id: row.id, authorName: row.author_name, createdAt: row.created_at, fields: fieldsOf(row.fields) };
}

/** Forgets a deleted record's revisions. */
export async function dropRecordRevisions(trx: Db, kind: RecordKind, refId: number): Promise<void> {
  await trx.deleteFrom('record_revisions').where('kind', '=', kind).where('ref_id', '=', refId).execute();
}
