/** The word the caret ends: where it starts in the line and what it holds so far. */
export function wordBefore(value: string, caret: number): { start: number; word: string } {
  const before = value.slice(0, caret);
  const start = before.search(/\S*$/);
  return { start, word: before.slice(start) };
}

/** The channel's nicknames starting with `prefix` (any case), in alphabetical order, the member's own left out. */
export function nicknamesStarting(prefix: string, nicknames: readonly string[], own: string | null): string[] {
  const lower = prefix.toLowerCase();
  const ownLower = own?.toLowerCase();
  return nicknames
    .filter((name) => name.toLowerCase().startsWith(lower) && name.toLowerCase() !== ownLower)
    .sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }));
}

/** A Tab completion under way: pressing Tab again puts the next candidate in the same place. */
export interface Completion {
  start: number;
  candidates: string[];
  index: number;
  /** Kept before the nickname: '@' when the member typed it. */
  sigil: string;
}

/**
 * The line with the word at `start` replaced by a candidate, and where the caret goes. As in IRC clients, a nickname at
 * the start of the line is followed by ': ' (addressing them), elsewhere by a space.
 */
export function applyCompletion(
  value: string,
  caret: number,
  completion: Completion,
): { value: string; caret: number } {
  const nickname = completion.candidates[completion.index] ?? '';
  const suffix = completion.start === 0 && completion.sigil === '' ? ': ' : ' ';
  const inserted = `${completion.sigil}${nickname}${suffix}`;
  const rest = value.slice(caret).replace(/^ +/, '');
  return { value: value.slice(0, completion.start) + inserted + rest, caret: completion.start + inserted.length };
}

/** Starts a completion of the word before the caret, or null when no nickname of the channel starts with it. */
export function startCompletion(
  value: string,
  caret: number,
  nicknames: readonly string[],
  own: string | null,
): Completion | null {
  const { start, word } = wordBefore(value, caret);
  const sigil = word.startsWith('@') ? '@' : '';
  const prefix = word.slice(sigil.length);
  if (prefix === '' && sigil === '') return null;
  const candidates = nicknamesStarting(prefix, nicknames, own);
  return candidates.length === 0 ? null : { start, candidates, index: 0, sigil };
}

/** Where ↑ (-1) or ↓ (1) leads in the member's sent lines: an index into them, or null for the line being written. */
export function stepHistory(length: number, at: number | null, step: -1 | 1): number | null {
  if (length === 0) return null;
  if (at === null) return step === -1 ? length - 1 : null;
  const next = at + step;
  if (next < 0) return 0;
  return next >= length ? null : next;
}
