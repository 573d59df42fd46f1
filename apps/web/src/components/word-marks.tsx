import type { DiffPart } from '@papo/contract/word-diff';

type Side = 'before' | 'after' | 'both';

/**
 * A text read against another through `wordDiff(before, after)`, the words only one side holds marked. `before` shows
 * the first text with its own words highlighted, `after` the second with its own words underlined, `both` the change
 * from one to the other (removed words struck through, added ones underlined). Beside two versions still to be chosen
 * from, nothing is struck through: no word is gone until a choice is saved.
 */
export function WordMarks({ parts, side }: { parts: DiffPart[]; side: Side }) {
  return parts.map((part, i) => <WordMark key={i} part={part} side={side} />);
}

/** One part: a word both texts hold as is, one only `side`'s text holds marked, one only the other holds left out. */
function WordMark({ part, side }: { part: DiffPart; side: Side }) {
  if (part.kind === 'same') return <span>{part.text}</span>;
  if (part.kind === 'added')
    return side === 'before' ? null : <ins className="bg-emerald-100 text-emerald-950 underline">{part.text}</ins>;
  if (side === 'after') return null;
  if (side === 'before') return <mark className="bg-amber-200 text-slate-900">{part.text}</mark>;
  return <del className="bg-red-100 text-red-900">{part.text}</del>;
}
