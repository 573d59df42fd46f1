import type { BioSearchHit, BioSection } from '@papo/contract/bio';
import { foldAccents, snippetOf } from '../search/text.js';

const wordPattern = /[\p{L}\p{N}]+/gu;

/** Whether a folded word is what the search engine matched: a term, or the start of the last (typed) one. */
function matches(word: string, terms: readonly string[]): boolean {
  const last = terms.length - 1;
  return terms.some((term, i) => word === term || (i === last && word.startsWith(term)));
}

/** `[start, end)` ranges of the words of `text` that match the query's folded terms. */
export function markMatches(text: string, terms: readonly string[]): [number, number][] {
  const marks: [number, number][] = [];
  for (const match of text.matchAll(wordPattern)) {
    if (matches(foldAccents(match[0].toLowerCase()), terms)) marks.push([match.index, match.index + match[0].length]);
  }
  return marks;
}

/**
 * A search hit: the first paragraph holding a match (else the tag's own match, with the first paragraph),
 * cut around it as the blog's snippets are, with the matching words marked accent-insensitively.
 */
export function toSearchHit(section: BioSection, terms: readonly string[]): BioSearchHit {
  const paragraph = section.paragraphs.find((p) => markMatches(p, terms).length > 0) ?? section.paragraphs[0] ?? '';
  const excerpt = snippetOf(paragraph, terms);
  return { ...section, excerpt, marks: markMatches(excerpt, terms) };
}
