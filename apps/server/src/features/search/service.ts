import type { SearchResponse, SearchResult } from '@papo/contract/search';
import { searchResultLimit } from '@papo/contract/search';
import type { Dialect } from '../../db/database.js';
import { fullTextIndex, rankedMatches, type Db, type SearchHit } from './engine.js';
import { snippetOf, tokenize } from './text.js';
import { correctQuery } from './vocabulary.js';

export interface SearchOutcome extends SearchResponse {
  /** The query the results belong to: the suggestion's when `useSuggestion` was asked for and it found something. */
  usedQuery: string;
}

function toResult(hit: SearchHit, terms: readonly string[]): SearchResult {
  return { id: hit.refId, type: hit.kind, slug: hit.slug, title: hit.title, shortContent: snippetOf(hit.body, terms), cover: hit.cover };
}

async function run(db: Db, dialect: Dialect, kinds: readonly string[], text: string) {
  const tokens = tokenize(text);
  const terms = tokens.map((t) => t.term);
  // A query of only punctuation or operators has no words: it finds nothing, and that is no error.
  const hits = terms.length ? await rankedMatches(fullTextIndex(dialect), db, { terms, kinds }, searchResultLimit) : [];
  return { tokens, results: hits.map((hit) => toResult(hit, terms)) };
}

/**
 * Searches documents of the given kinds. A suggestion is offered only when the query found nothing and
 * the corrected query finds something: a query that finds results has every word in the vocabulary,
 * so no correction of it can exist. With `useSuggestion`, the suggestion's results are answered instead.
 */
export async function searchDocuments(
  db: Db,
  dialect: Dialect,
  kinds: readonly string[],
  query: string,
  opts: { useSuggestion?: boolean } = {},
): Promise<SearchOutcome> {
  const first = await run(db, dialect, kinds, query);
  if (first.results.length > 0 || first.tokens.length === 0) return { results: first.results, suggestion: null, usedQuery: query };
  const suggestion = await correctQuery(db, kinds, first.tokens);
  if (!suggestion) return { results: [], suggestion: null, usedQuery: query };
  const corrected = await run(db, dialect, kinds, suggestion);
  if (corrected.results.length === 0) return { results: [], suggestion: null, usedQuery: query };
  return opts.useSuggestion
    ? { results: corrected.results, suggestion, usedQuery: suggestion }
    : { results: [], suggestion, usedQuery: query };
}
