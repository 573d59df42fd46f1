import { distance } from 'fastest-levenshtein';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Db } from './engine.js';
import type { Token } from './text.js';

/*
 * The did-you-mean vocabulary: per kind, every folded word and in how many documents it occurs. It is
 * kept by the application on both dialects, in the document's transaction, so suggestions come from
 * the same words on SQLite and PostgreSQL.
 */

type Trx = Transaction<Database>;

// NOTE: keeps each statement well under SQLite's and PostgreSQL's bound-parameter limits.
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
    await trx.deleteFrom('search_terms').where('kind', '=', kind).where('term', 'in', chunk).where('docs', '<=', 0).execute();
  }
}

/** Edits allowed for a word of this length: short words change meaning with a single edit. */
function maxEdits(length: number): number {
  if (length <= 3) return 0;
  return length <= 5 ? 1 : 2;
}

async function isKnown(db: Db, kinds: readonly string[], term: string, asPrefix: boolean): Promise<boolean> {
  let query = db.selectFrom('search_terms').select('term').where('kind', 'in', kinds);
  // NOTE: terms are letters and digits only (text.ts), so LIKE sees no wildcard from the user.
  query = asPrefix ? query.where('term', 'like', `${term}%`) : query.where('term', '=', term);
  return Boolean(await query.limit(1).executeTakeFirst());
}

/** The closest known word within the allowed edits; ties go to the word found in more documents. */
async function closestWord(db: Db, kinds: readonly string[], term: string): Promise<string | null> {
  const edits = maxEdits(term.length);
  if (edits === 0) return null;
  const candidates = await db
    .selectFrom('search_terms')
    .select(['term', 'display', 'docs'])
    .where('kind', 'in', kinds)
    .where('length', '>=', term.length - edits)
    .where('length', '<=', term.length + edits)
    .execute();
  let best: { display: string; edits: number; docs: number } | null = null;
  for (const candidate of candidates) {
    const d = distance(term, candidate.term);
    if (d > edits) continue;
    if (!best || d < best.edits || (d === best.edits && candidate.docs > best.docs)) {
      best = { display: candidate.display, edits: d, docs: candidate.docs };
    }
  }
  return best?.display ?? null;
}

/**
 * The query with each unknown word replaced by its closest known word (the last word counts as known
 * when it starts a known word, as the user may still be typing it); null when no word changes.
 */
export async function correctQuery(db: Db, kinds: readonly string[], tokens: readonly Token[]): Promise<string | null> {
  let changed = false;
  const words: string[] = [];
  for (const [i, token] of tokens.entries()) {
    const asPrefix = i === tokens.length - 1;
    const correction = (await isKnown(db, kinds, token.term, asPrefix)) ? null : await closestWord(db, kinds, token.term);
    if (correction) changed = true;
    words.push(correction ?? token.word);
  }
  return changed ? words.join(' ') : null;
}
