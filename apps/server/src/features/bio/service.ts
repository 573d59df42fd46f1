import { bioInput, type BioInput, type BioKind, type BioRevisionView } from '@papo/contract/bio';
import type { Kysely, Transaction } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/values.js';
import { httpError, parseBody } from '../../lib/http-error.js';
import {
  conflict,
  dropRecordRevisions,
  findRecordRevision,
  ifMatchHolds,
  recordStamp,
  saveRecord,
} from '../revisions/index.js';
import { indexDocument, removeDocument } from '../search/index.js';
import { isTagTaken, tagKey } from './repo.js';

/*
 * Writing bio entries with their search entry in the same transaction (decision 010), so the bio search
 * and the blog's `person` results never drift from the entries.
 */

export interface BioDeps {
  db: Kysely<Database>;
  dialect: Dialect;
}

type Trx = Transaction<Database>;

/** Search kinds: events and people are `person` results of the blog search too; years only the bio's own. */
export const bioSearchKind: Record<BioKind, string> = { year: 'bio', event: 'person' };

async function syncIndex(trx: Trx, dialect: Dialect, id: number, entry: BioInput, before?: BioKind): Promise<void> {
  if (before && before !== entry.kind) await removeDocument(trx, dialect, bioSearchKind[before], id);
  await indexDocument(trx, dialect, {
    kind: bioSearchKind[entry.kind],
    refId: id,
    slug: String(id),
    title: entry.tag,
    cover: entry.photoPath,
    body: [...entry.paragraphs, entry.tags.join(', ')].join('\n'),
  });
}

function rowValues(entry: BioInput) {
  return {
    kind: entry.kind,
    tag: entry.tag,
    tag_key: tagKey(entry.tag),
    tags: JSON.stringify(entry.tags),
    paragraphs: JSON.stringify(entry.paragraphs),
    layout: entry.layout,
    photo_path: entry.photoPath,
    description: entry.description,
    year: entry.kind === 'year' ? Number(entry.tag) : null,
  };
}

async function write<T>(deps: BioDeps, work: (trx: Trx) => Promise<T>): Promise<T> {
  try {
    return await deps.db.transaction().execute(work);
  } catch (error) {
    // two staff saving the same tag at once: the unique index decides, and the loser hears why.
    if (isUniqueViolation(error)) throw httpError(409, 'bio_tag_taken', { tag: ['bio_tag_taken'] });
    throw error;
  }
}

/** Who saves, and the version of the entry they last read (`If-Match`; decision 028). */
export interface BioSaveOptions {
  authorId?: number | null;
  ifMatch?: string;
}

/** The fields of an entry a revision keeps (the stored row's, so every save compares alike). */
async function revisedFields(trx: Trx, id: number) {
  const row = await trx
    .selectFrom('bio_entries')
    .select(['kind', 'tag', 'tags', 'paragraphs', 'layout', 'photo_path', 'description'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const tags: unknown = JSON.parse(row.tags);
  const paragraphs: unknown = JSON.parse(row.paragraphs);
  return { ...row, tags, paragraphs };
}

/** Creates an entry; answers its id and version. */
export async function createBio(
  deps: BioDeps,
  entry: BioInput,
  opts: BioSaveOptions = {},
): Promise<{ id: number; revision: number }> {
  return write(deps, async (trx) => {
    if (await isTagTaken(trx, entry.kind, entry.tag)) throw httpError(409, 'bio_tag_taken', { tag: ['bio_tag_taken'] });
    const { id } = await trx
      .insertInto('bio_entries')
      .values(rowValues(entry))
      .returning('id')
      .executeTakeFirstOrThrow();
    await syncIndex(trx, deps.dialect, id, entry);
    const revision = await saveRecord(
      trx,
      deps.dialect,
      { kind: 'bio', refId: id, authorId: opts.authorId ?? null },
      () => revisedFields(trx, id),
    );
    return { id, revision };
  });
}

/** Saves an entry; 412 `edit_conflict` when `ifMatch` names an older version. Answers the new version. */
export async function updateBio(
  deps: BioDeps,
  id: number,
  entry: BioInput,
  opts: BioSaveOptions = {},
): Promise<number> {
  return write(deps, (trx) =>
    saveRecord(
      trx,
      deps.dialect,
      { kind: 'bio', refId: id, authorId: opts.authorId ?? null, ifMatch: opts.ifMatch },
      async () => {
        const before = await trx.selectFrom('bio_entries').select('kind').where('id', '=', id).executeTakeFirst();
        if (!before) throw httpError(404, 'bio_not_found');
        if (await isTagTaken(trx, entry.kind, entry.tag, id))
          throw httpError(409, 'bio_tag_taken', { tag: ['bio_tag_taken'] });
        await trx.updateTable('bio_entries').set(rowValues(entry)).where('id', '=', id).execute();
        await syncIndex(trx, deps.dialect, id, entry, before.kind);
        return revisedFields(trx, id);
      },
    ),
  );
}

/** The upload folder of bio photos (uploaded through the cover editor, or drawn for the demo). */
export const bioPhotoFolder = 'bio';

/**
 * `key` when it is a bio photo that no entry and no kept revision shows any more, so the caller may remove its file;
 * a photo from elsewhere (an image-library key typed into the editor) or still shown is kept.
 */
async function releasedPhoto(trx: Trx, key: string | null): Promise<string | null> {
  if (!key?.startsWith(`${bioPhotoFolder}/`)) return null;
  const stillShown = await trx.selectFrom('bio_entries').select('id').where('photo_path', '=', key).executeTakeFirst();
  // A photo a kept revision shows stays, so restoring that revision brings it back (decision 040).
  const kept = await trx
    .selectFrom('record_revisions')
    .select('id')
    .where('kind', '=', 'bio')
    .where('fields', 'like', `%${JSON.stringify(key)}%`)
    .executeTakeFirst();
  return stillShown || kept ? null : key;
}

/**
 * Deletes an entry and its search entry; answers its photo key when the caller may remove the file. A stale `ifMatch`
 * (someone saved the entry since this editor read it) is 412 `edit_conflict`: their save is not deleted unseen.
 */
export async function deleteBio(deps: BioDeps, id: number, ifMatch?: string): Promise<string | null> {
  return write(deps, async (trx) => {
    const row = await trx
      .selectFrom('bio_entries')
      .select(['kind', 'photo_path'])
      .where('id', '=', id)
      .$if(deps.dialect === 'postgres', (q) => q.forUpdate())
      .executeTakeFirst();
    if (!row) throw httpError(404, 'bio_not_found');
    if (!ifMatchHolds(ifMatch, (await recordStamp(trx, 'bio', id)).revision)) conflict();
    await trx.deleteFrom('bio_entries').where('id', '=', id).execute();
    await dropRecordRevisions(trx, 'bio', id);
    await removeDocument(trx, deps.dialect, bioSearchKind[row.kind], id);
    return releasedPhoto(trx, row.photo_path);
  });
}

/**
 * Sets the photo and its description (a save of the entry: 412 `edit_conflict` on a stale `ifMatch`); answers the
 * photo it replaced when the caller may remove the file, and the entry's new version.
 */
export async function setBioPhoto(
  deps: BioDeps,
  id: number,
  photo: { key?: string; description: string },
  opts: BioSaveOptions = {},
): Promise<{ unused: string | null; photoPath: string | null; revision: number }> {
  return write(deps, async (trx) => {
    let result: { unused: string | null; photoPath: string | null } = { unused: null, photoPath: null };
    const revision = await saveRecord(
      trx,
      deps.dialect,
      { kind: 'bio', refId: id, authorId: opts.authorId ?? null, ifMatch: opts.ifMatch },
      async () => {
        const row = await trx
          .selectFrom('bio_entries')
          .select(['kind', 'photo_path'])
          .where('id', '=', id)
          .executeTakeFirst();
        if (!row) throw httpError(404, 'bio_not_found');
        const photoPath = photo.key ?? row.photo_path;
        await trx
          .updateTable('bio_entries')
          .set({ photo_path: photoPath, description: photo.description })
          .where('id', '=', id)
          .execute();
        if (photo.key) {
          await trx
            .updateTable('search_documents')
            .set({ cover: photoPath })
            .where('kind', '=', bioSearchKind[row.kind])
            .where('ref_id', '=', id)
            .execute();
          result = {
            unused: row.photo_path === photo.key ? null : await releasedPhoto(trx, row.photo_path),
            photoPath,
          };
        } else result = { unused: null, photoPath };
        return revisedFields(trx, id);
      },
    );
    return { ...result, revision };
  });
}

/**
 * Brings back the fields a revision kept as the entry's newest revision (decision 028: nothing is lost, the current
 * fields stay in the history). `photoExists` tells whether the revision's photo is still stored: a removed one is
 * not brought back (the entry keeps its photo of today). 412 `edit_conflict` on a stale `ifMatch`.
 */
export async function restoreBio(
  deps: BioDeps,
  id: number,
  revisionId: number,
  photoExists: (key: string) => Promise<boolean>,
  opts: BioSaveOptions = {},
): Promise<number> {
  const { entry } = await keptEntry(deps.db, id, revisionId);
  if (entry.photoPath && !(await photoExists(entry.photoPath))) {
    const current = await deps.db
      .selectFrom('bio_entries')
      .select('photo_path')
      .where('id', '=', id)
      .executeTakeFirst();
    entry.photoPath = current?.photo_path ?? null;
  }
  return updateBio(deps, id, entry, opts);
}

/** The entry as a revision kept it; 404 `revision_not_found` when it is not one of this entry's. */
async function keptEntry(db: Kysely<Database>, id: number, revisionId: number) {
  const revision = await findRecordRevision(db, 'bio', id, revisionId);
  if (!revision) throw httpError(404, 'revision_not_found');
  const kept = revision.fields;
  const entry = parseBody(bioInput, {
    kind: kept.kind,
    tag: kept.tag,
    tags: kept.tags,
    layout: kept.layout,
    photoPath: kept.photo_path,
    description: kept.description,
    paragraphs: kept.paragraphs,
  });
  return { revision, entry };
}

/** One kept version of an entry as its history's "Ver" shows it. */
export async function bioRevision(db: Kysely<Database>, id: number, revisionId: number): Promise<BioRevisionView> {
  const { revision, entry } = await keptEntry(db, id, revisionId);
  return { ...entry, id: revision.id, authorName: revision.authorName, createdAt: revision.createdAt };
}
