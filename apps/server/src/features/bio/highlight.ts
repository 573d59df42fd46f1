import type { BioSearchHit, BioSection } from '@papo/contract/bio';
import { foldAccents, snippetOf } from '../search/index.js';

const wordPattern = /[\p{L}\p{N}]+/gu;

/** Whether a folded word is what the search engine matched: a term, or the start of the last (typed) one. */
function matches(word: string, terms: readonly string[]): boolean {
  const last = terms.length - 1;
  return terms.some((term, i) => word === term || (i === last && word.startsWith(term)));
}

/** `[start, end)` ranges of the words of `text` that match the query's folded terms. */
function markMatches(text: string, terms: readonly string[]): [number, number][] {
  const marks: [number, number][] = [];
  for (const match of text.matchAll(wordPattern)) {
    if (matches(foldAccents(match[0].toLowerCase()), terms)) marks.push([match.index, match.index + match[0].length]);
  }
  return marks;
}

/** How many of the query's terms a text holds: paragraphs holding more of them make better excerpts. */
function termsMatched(text: string, terms: readonly string[]): number {
  const words = [...text.matchAll(wordPattern)].map((m) => foldAccents(m[0].toLowerCase()));
  return terms.filter((term, i) =>
    words.some((word) => word === term || (i === terms.length - 1 && word.startsWith(term))),
  ).length;
}

/**
 * A search hit: the paragraph (or else the list of related tags) holding most of the query's words (the
 * first one on a tie, or the first paragraph when only the tag matched), cut around the match as the
 * blog's snippets are, with the matching words of the excerpt and of the tag marked accent-insensitively.
 */
export function toSearchHit(section: BioSection, terms: readonly string[]): BioSearchHit {
  let paragraph = section.paragraphs[0] ?? '';
  let best = 0;
  // an entry found through its related tags (indexed with its text) shows them, marked, as its excerpt.
  for (const candidate of [...section.paragraphs, section.tags.join(', ')]) {
    const score = termsMatched(candidate, terms);
    if (score > best) [paragraph, best] = [candidate, score];
  }
  const excerpt = snippetOf(paragraph, terms);
  return { ...section, excerpt, marks: markMatches(excerpt, terms), tagMarks: markMatches(section.tag, terms) };
}
