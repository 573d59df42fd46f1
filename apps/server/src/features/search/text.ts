import { LRUCache } from 'lru-cache';

/*
 * How text becomes search terms, the same for documents and queries on both dialects (decision 010):
 * letters and digits only, lowercased, accents folded. Everything else, FTS operators included, is a
 * separator, so a query can never be read as query syntax.
 */

/** A word of a text: `term` is what the index holds, `word` the lowercased spelling it came from. */
export interface Token {
  term: string;
  word: string;
}

const wordPattern = /[\p{L}\p{N}]+/gu;
/** Longer "words" are noise (hashes, URLs run together); they are not indexed. */
const maxTermLength = 40;

export function foldAccents(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .normalize('NFC');
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.toLowerCase().matchAll(wordPattern)) {
    const word = match[0];
    const term = foldAccents(word);
    if (term.length <= maxTermLength) tokens.push({ term, word });
  }
  return tokens;
}

/** The terms of a text joined by spaces: what both dialects' tokenizers read, so they agree on every word. */
export function indexText(text: string): string {
  return tokenize(text)
    .map((token) => token.term)
    .join(' ');
}

const snippetLength = 180;

/**
 * A short passage of `body` around the first word that matches a query term (the last term as a prefix,
 * as the user is still typing it), cut at word boundaries; the start of the text when nothing matches.
 */
export function snippetOf(body: string, terms: readonly string[]): string {
  const start = firstMatch(body, terms);
  // Some words of context before the match, starting at a word.
  let from = Math.max(0, start - 60);
  if (from > 0) from = body.indexOf(' ', from) + 1 || from;
  let to = Math.min(body.length, from + snippetLength);
  if (to < body.length) to = body.lastIndexOf(' ', to) > from ? body.lastIndexOf(' ', to) : to;
  return `${from > 0 ? '…' : ''}${body.slice(from, to).trim()}${to < body.length ? '…' : ''}`;
}

/**
 * Folded, lowercased bodies of recent results, by body text. Folding the whole body of every result was most
 * of a search's time (decision 020); a document's body is the same text in every search that finds it.
 */
const foldedBodies = new LRUCache<string, string>({ max: 2000 });

function foldedBody(body: string): string {
  let folded = foldedBodies.get(body);
  if (folded === undefined) {
    folded = foldAccents(body.toLowerCase());
    foldedBodies.set(body, folded);
  }
  return folded;
}

const wordChar = /[\p{L}\p{N}]/u;

/** Whether the character ending just before `index` (a whole code point) is a letter or digit. */
function wordCharBefore(text: string, index: number): boolean {
  if (index === 0) return false;
  const code = text.charCodeAt(index - 1);
  const start = code >= 0xdc00 && code <= 0xdfff && index >= 2 ? index - 2 : index - 1;
  return wordChar.test(String.fromCodePoint(text.codePointAt(start) ?? 0));
}

function wordCharAt(text: string, index: number): boolean {
  return index < text.length && wordChar.test(String.fromCodePoint(text.codePointAt(index) ?? 0));
}

/**
 * Where the first word of `folded` equal to a term (or starting with the last term) begins: found with
 * `indexOf` and checked at word boundaries, rather than by splitting the whole text into words; -1 when none.
 */
function firstWordAt(folded: string, terms: readonly string[]): number {
  let best = -1;
  for (const [i, term] of terms.entries()) {
    if (!term) continue;
    const prefix = i === terms.length - 1;
    for (let at = folded.indexOf(term); at >= 0 && (best < 0 || at < best); at = folded.indexOf(term, at + 1)) {
      if (!wordCharBefore(folded, at) && (prefix || !wordCharAt(folded, at + term.length))) {
        best = at;
        break;
      }
    }
  }
  return best;
}

/** Where the first word matching a term starts (the last term as a prefix); 0 when none does. */
function firstMatch(body: string, terms: readonly string[]): number {
  // folding precomposed text keeps its length, so positions in the folded copy are positions in the
  // body: one normalisation of the whole text instead of one per word. Otherwise, word by word.
  const folded = foldedBody(body);
  if (folded.length === body.length) return Math.max(0, firstWordAt(folded, terms));
  const last = terms.length - 1;
  const isMatch = (word: string) => terms.some((t, i) => word === t || (i === last && word.startsWith(t)));
  for (const match of body.matchAll(wordPattern)) {
    if (isMatch(foldAccents(match[0].toLowerCase()))) return match.index;
  }
  return 0;
}
