import type { SearchResponse, SearchResult } from '@papo/contract/search';
import { searchResultLimit } from '@papo/contract/search';
import type { Dialect } from '../../db/database.js';
import type { Db } from '../../db/schema.js';
import { fullTextIndex, rankedMatches } from './engine.js';
import type { SearchHit } from './index-types.js';
import { snippetOf, tokenize } from './text.js';
import { correctQuery, vocabularyOf } from './vocabulary.js';

export interface SearchOutcome extends SearchResponse {
  /** The query the results belong to: the suggestion's unless `exact` was asked for. */
  usedQuery: string;
}

function toResult(hit: SearchHit, terms: readonly string[]): SearchResult {
  return {
    id: hit.refId,
    type: hit.kind,
    slug: hit.slug,
    title: hit.title,
    shortContent: snippetOf(hit.body, terms),
    cover: hit.cover,
  };
}

async function run(db: Db, dialect: Dialect, kinds: readonly string[], text: string) {
  const tokens = tokenize(text);
  const terms = tokens.map((t) => t.term);
  // A query of only punctuation or operators has no words: it finds nothing, and that is no error.
  const hits = terms.length ? await rankedMatches(fullTextIndex(dialect), db, { terms, kinds }, searchResultLimit) : [];
  return { tokens, results: hits.map((hit) => toResult(hit, terms)) };
}

/**
 * Searches documents of the given kinds. A correction (each word the vocabulary does not hold replaced by its nearest
 * word that it does) is offered only when it finds more than the query itself; then, unless `exact` is asked, its
 * results are answered (`usedQuery`), and the reader may still search exactly what they typed.
 */
export async function searchDocuments(
  db: Db,
  dialect: Dialect,
  kinds: readonly string[],
  query: string,
  opts: { exact?: boolean } = {},
): Promise<SearchOutcome> {
  const first = await run(db, dialect, kinds, query);
  const original = { results: first.results, suggestion: null, usedQuery: query };
  // a full page already holds as many results as an answer can: no correction can find more.
  if (first.tokens.length === 0 || first.results.length >= searchResultLimit) return original;
  const suggestion = correctQuery(await vocabularyOf(db, kinds), first.tokens);
  if (!suggestion) return original;
  const corrected = await run(db, dialect, kinds, suggestion);
  if (corrected.results.length <= first.results.length) return original;
  return opts.exact
    ? { results: first.results, suggestion, usedQuery: query }
    : { results: corrected.results, suggestion, usedQuery: suggestion };
}
