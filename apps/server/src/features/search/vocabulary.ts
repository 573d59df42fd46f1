import { distance } from 'fastest-levenshtein';
import { Transaction, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { versionReader } from '../../lib/version-rows.js';
import type { Db } from '../../db/schema.js';
import type { DocumentsWith, TermCounts } from './index-types.js';
import type { Token } from './text.js';

/*
 * The did-you-mean vocabulary: per kind, every folded word and in how many documents it occurs. It is
 * kept by the application on both dialects, in the document's transaction, so suggestions come from
 * the same words on SQLite and PostgreSQL.
 */

type Trx = Transaction<Database>;

// keeps each statement well under SQLite's and PostgreSQL's bound-parameter limits.
const chunkSize = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += chunkSize) out.push(items.slice(i, i + chunkSize));
  return out;
}

/** One entry per term, keeping the first spelling seen. */
function distinctTerms(tokens: readonly Token[]): Token[] {
  const byTerm = new Map<string, Token>();
  for (const token of tokens) if (!byTerm.has(token.term)) byTerm.set(token.term, token);
  return [...byTerm.values()];
}

export async function addTerms(trx: Trx, kind: string, tokens: readonly Token[]): Promise<void> {
  for (const chunk of chunks(distinctTerms(tokens))) {
    await trx
      .insertInto('search_terms')
      .values(chunk.map((t) => ({ kind, term: t.term, display: t.word, length: t.term.length, docs: 1 })))
      .onConflict((oc) => oc.columns(['kind', 'term']).doUpdateSet((eb) => ({ docs: eb('search_terms.docs', '+', 1) })))
      .execute();
  }
}

export async function removeTerms(trx: Trx, kind: string, tokens: readonly Token[]): Promise<void> {
  for (const chunk of chunks(distinctTerms(tokens).map((t) => t.term))) {
    await trx
      .updateTable('search_terms')
      .set((eb) => ({ docs: eb('docs', '-', 1) }))
      .where('kind', '=', kind)
      .where('term', 'in', chunk)
      .execute();
    await trx
      .deleteFrom('search_terms')
      .where('kind', '=', kind)
      .where('term', 'in', chunk)
      .where('docs', '<=', 0)
      .execute();
  }
}

/** Edits allowed for a word of this length: short words change meaning with a single edit. */
function maxEdits(length: number): number {
  if (length <= 3) return 0;
  return length <= 5 ? 1 : 2;
}

interface VocabularyEntry {
  term: string;
  display: string;
  docs: number;
}

/** The words of some kinds, in memory: sorted by term (for exact and prefix look-ups), and by length. */
interface Vocabulary {
  version: number;
  /** Documents of these kinds. */
  documents: number;
  sorted: VocabularyEntry[];
  /** `docsBefore[i]`: the documents of `sorted[0..i)` added up, so the words starting with a prefix are counted at once. */
  docsBefore: number[];
  byLength: Map<number, VocabularyEntry[]>;
}

/**
 * Per database and set of kinds, the vocabulary as of a `search_version`. Checking a word against the database
 * reads the candidate rows (every known word of a similar length, ~900 rows and ~1 ms on the bench's corpus) for
 * each unknown word of each query that found nothing; kept here, that happens once per index version.
 */
const vocabularies = new WeakMap<Kysely<Database>, Map<string, Vocabulary>>();

async function loadVocabulary(db: Db, kinds: readonly string[], version: number): Promise<Vocabulary> {
  const [rows, counted] = await Promise.all([
    db.selectFrom('search_terms').select(['term', 'display', 'docs']).where('kind', 'in', kinds).execute(),
    db
      .selectFrom('search_documents')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('kind', 'in', kinds)
      .executeTakeFirst(),
  ]);
  const sorted = rows.sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
  const docsBefore = [0];
  const byLength = new Map<number, VocabularyEntry[]>();
  for (const entry of sorted) {
    docsBefore.push((docsBefore.at(-1) ?? 0) + entry.docs);
    const list = byLength.get(entry.term.length);
    if (list) list.push(entry);
    else byLength.set(entry.term.length, [entry]);
  }
  return { version, documents: Number(counted?.n ?? 0), sorted, docsBefore, byLength };
}

/** The vocabulary of `kinds` as `db` sees it: kept per database until `search_version` moves; a transaction reads its own. */
export async function vocabularyOf(db: Db, kinds: readonly string[]): Promise<Vocabulary> {
  // a transaction may see rows no one else does yet: it reads its own copy, never the shared one.
  if (db instanceof Transaction) return loadVocabulary(db, kinds, -1);
  const root = db;
  // The version is read before the words, so a vocabulary is never older than the version it is kept with.
  const version = await versionReader(root, 'search_version')();
  let byKinds = vocabularies.get(root);
  if (!byKinds) vocabularies.set(root, (byKinds = new Map()));
  const key = kinds.join('\u0000');
  const kept = byKinds.get(key);
  if (kept?.version === version) return kept;
  const loaded = await loadVocabulary(root, kinds, version);
  byKinds.set(key, loaded);
  return loaded;
}

/** The first entry whose term is not below `term` (binary search). */
function lowerBound(sorted: readonly VocabularyEntry[], term: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((sorted[mid]?.term ?? term) < term) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The documents holding `term` (as a prefix: a word starting with it); both 0 for an unknown word. */
function documentsWith(vocabulary: Vocabulary, term: string, asPrefix: boolean): DocumentsWith {
  const { sorted, docsBefore } = vocabulary;
  const from = lowerBound(sorted, term);
  if (!asPrefix) {
    const docs = sorted[from]?.term === term ? (sorted[from]?.docs ?? 0) : 0;
    return { atLeast: docs, atMost: docs };
  }
  // every word starting with `term` sorts below `term` followed by the highest code unit.
  const to = lowerBound(sorted, `${term}\uffff`);
  let atLeast = 0;
  for (let i = from; i < to; i += 1) atLeast = Math.max(atLeast, sorted[i]?.docs ?? 0);
  return { atLeast, atMost: Math.min(vocabulary.documents, (docsBefore[to] ?? 0) - (docsBefore[from] ?? 0)) };
}

function isKnown(vocabulary: Vocabulary, term: string, asPrefix: boolean): boolean {
  return documentsWith(vocabulary, term, asPrefix).atMost > 0;
}

/** The counts of a query's terms; null when a term is in no document, so the query can match nothing. */
export function termCounts(vocabulary: Vocabulary, terms: readonly string[]): TermCounts | null {
  const perTerm = terms.map((term, i) => documentsWith(vocabulary, term, i === terms.length - 1));
  return perTerm.every((n) => n.atMost > 0) ? { documents: vocabulary.documents, perTerm } : null;
}

/**
 * Letters a reader swaps by ear (folded Portuguese: an unstressed o sounds u, e sounds i, a final l sounds u; s, z,
 * c and x share sounds, as do g and j, m and n, b and v): replacing one by the other costs half an edit.
 */
const soundAlike = new Set([
  'ou',
  'uo',
  'ei',
  'ie',
  'sz',
  'zs',
  'sc',
  'cs',
  'xs',
  'sx',
  'gj',
  'jg',
  'lu',
  'ul',
  'mn',
  'nm',
  'bv',
  'vb',
]);

/**
 * The spelling distance of two folded words: Levenshtein's, with two swapped neighbours counting one edit ("lisbao"
 * is one from "lisboa", two from "limao") and sound-alike letters half a one ("sapu" is nearer "sapo" than "saiu");
 * more than `max` as soon as every path is past it.
 */
export function spellingDistance(a: string, b: string, max: number): number {
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = new Array<number>(b.length + 1).fill(0);
    current[0] = i;
    let best = current[0];
    for (let j = 1; j <= b.length; j += 1) {
      const x = a.charCodeAt(i - 1);
      const y = b.charCodeAt(j - 1);
      const substitution = x === y ? 0 : soundAlike.has(a.charAt(i - 1) + b.charAt(j - 1)) ? 0.5 : 1;
      let cost = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + substitution);
      if (i > 1 && j > 1 && x === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === y)
        cost = Math.min(cost, (before[j - 2] ?? 0) + 1);
      current[j] = cost;
      best = Math.min(best, cost);
    }
    if (best > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length] ?? max + 1;
}

/** The closest known word within the allowed edits; ties go to the word found in more documents. */
function closestWord(vocabulary: Vocabulary, term: string): string | null {
  const edits = maxEdits(term.length);
  if (edits === 0) return null;
  let best: { display: string; edits: number; docs: number } | null = null;
  for (let length = term.length - edits; length <= term.length + edits; length += 1) {
    for (const candidate of vocabulary.byLength.get(length) ?? []) {
      // Levenshtein's distance is at most twice this one (a swap is two of its edits, a sound-alike one): the
      // fast native check rules out most words before the weighted one is computed.
      if (distance(term, candidate.term) > 2 * edits) continue;
      const d = spellingDistance(term, candidate.term, edits);
      if (d > edits) continue;
      if (!best || d < best.edits || (d === best.edits && candidate.docs > best.docs)) {
        best = { display: candidate.display, edits: d, docs: candidate.docs };
      }
    }
  }
  return best?.display ?? null;
}

/**
 * The query with each unknown word replaced by its closest known word (the last word counts as known
 * when it starts a known word, as the user may still be typing it); null when no word changes.
 */
export function correctQuery(vocabulary: Vocabulary, tokens: readonly Token[]): string | null {
  let changed = false;
  const words: string[] = [];
  for (const [i, token] of tokens.entries()) {
    const asPrefix = i === tokens.length - 1;
    const correction = isKnown(vocabulary, token.term, asPrefix) ? null : closestWord(vocabulary, token.term);
    if (correction) changed = true;
    words.push(correction ?? token.word);
  }
  return changed ? words.join(' ') : null;
}
