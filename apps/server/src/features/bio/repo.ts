import type { BioKind, BioSection } from '@papo/contract/bio';
import type { Selectable } from 'kysely';
import type { BioEntriesTable, Db } from '../../db/schema.js';
import { foldAccents } from '../search/index.js';

type Row = Selectable<BioEntriesTable>;

/** A tag as stored for comparison: trimmed, lowercase, accents folded ('São João' ≡ 'sao joao'). */
export function tagKey(tag: string): string {
  return foldAccents(tag.trim().toLowerCase()).replace(/\s+/g, ' ');
}

function parseList(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

function toSection(row: Row): BioSection {
  return {
    id: row.id,
    kind: row.kind,
    tag: row.tag,
    tags: parseList(row.tags),
    layout: row.layout,
    photoPath: row.photo_path,
    description: row.description,
    paragraphs: parseList(row.paragraphs),
  };
}

const columns = [
  'id',
  'kind',
  'tag',
  'tag_key',
  'tags',
  'paragraphs',
  'layout',
  'photo_path',
  'description',
  'year',
  'created_at',
  'updated_at',
] as const;

export async function findById(db: Db, id: number): Promise<BioSection | undefined> {
  const row = await db.selectFrom('bio_entries').select(columns).where('id', '=', id).executeTakeFirst();
  return row && toSection(row);
}

export async function findByIds(db: Db, ids: readonly number[]): Promise<Map<number, BioSection>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('bio_entries').select(columns).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, toSection(row)]));
}

/** Year sections from `from` to `to` inclusive, in order. */
export async function findYears(db: Db, from: number, to: number): Promise<BioSection[]> {
  const rows = await db
    .selectFrom('bio_entries')
    .select(columns)
    .where('kind', '=', 'year')
    .where('year', '>=', from)
    .where('year', '<=', to)
    .orderBy('year')
    .execute();
  return rows.map(toSection);
}

/** Every entry of a kind: years in order, events by tag. */
export async function listKind(db: Db, kind: BioKind): Promise<BioSection[]> {
  const query = db.selectFrom('bio_entries').select(columns).where('kind', '=', kind);
  const rows = await (kind === 'year' ? query.orderBy('year') : query.orderBy('tag_key')).execute();
  return rows.map(toSection);
}

/** The entries whose tag is one of `tags` (any kind), events before years. */
export async function findByTags(db: Db, tags: readonly string[]): Promise<BioSection[]> {
  const keys = [...new Set(tags.map(tagKey))];
  if (!keys.length) return [];
  const rows = await db
    .selectFrom('bio_entries')
    .select(columns)
    .where('tag_key', 'in', keys)
    .orderBy('kind')
    .orderBy('tag_key')
    .execute();
  return rows.map(toSection);
}

export async function isTagTaken(db: Db, kind: BioKind, tag: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('bio_entries').select('id').where('kind', '=', kind).where('tag_key', '=', tagKey(tag));
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return Boolean(await query.executeTakeFirst());
}
