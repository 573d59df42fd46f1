import type { DiffPart } from '@papo/contract/word-diff';

/**
 * A text read against another through `wordDiff(before, after)`, the words only one side holds marked. `before` shows
 * the first text with its own words highlighted, `after` the second with its own words underlined, `both` the change
 * from one to the other (removed words struck through, added ones underlined). Beside two versions still to be chosen
 * from, nothing is struck through: no word is gone until a choice is saved.
 */
export function WordMarks({ parts, side }: { parts: DiffPart[]; side: 'before' | 'after' | 'both' }) {
  return parts.map((part, i) =>
    part.kind === 'same' ? (
      <span key={i}>{part.text}</span>
    ) : part.kind === 'added' ? (
      side === 'before' ? null : (
        <ins key={i} className="bg-emerald-100 text-emerald-950 underline">
          {part.text}
        </ins>
      )
    ) : side === 'after' ? null : side === 'before' ? (
      <mark key={i} className="bg-amber-200 text-slate-900">
        {part.text}
      </mark>
    ) : (
      <del key={i} className="bg-red-100 text-red-900">
        {part.text}
      </del>
    ),
  );
}
