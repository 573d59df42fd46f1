/** A run of words the same in both texts, only in the newer one (added) or only in the older one (removed). */
export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** One step of an alignment of two sequences: an item of both (`a` and `b` index it), only of `a`, or only of `b`. */
export type AlignStep =
  { kind: 'same'; a: number; b: number } | { kind: 'removed'; a: number } | { kind: 'added'; b: number };

/**
 * Above this many item pairs the middle of two sequences is aligned as removed then added, not matched item by item: a
 * screen comparing two texts once can afford it; a list comparing many pairs passes a smaller bound.
 */
const defaultMaxPairs = 2_000_000;

/**
 * Aligns two sequences of strings in reading order: the common beginning and end are matched first (an edit touches a
 * small part of a long text), then the rest by longest common subsequence. Words for the history's differences,
 * blocks for the conflict dialog's merge.
 */
export function alignSequences(a: readonly string[], b: readonly string[], maxPairs = defaultMaxPairs): AlignStep[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  const steps: AlignStep[] = [];
  for (let k = 0; k < start; k += 1) steps.push({ kind: 'same', a: k, b: k });
  const lengthA = endA - start;
  const lengthB = endB - start;
  let i = 0;
  let j = 0;
  if (lengthA * lengthB <= maxPairs) {
    // lengths[i][j]: the longest common run of a's middle from i and b's middle from j, filled from the end.
    const lengths = Array.from({ length: lengthA + 1 }, () => new Uint32Array(lengthB + 1));
    for (let x = lengthA - 1; x >= 0; x -= 1) {
      for (let y = lengthB - 1; y >= 0; y -= 1) {
        const row = lengths[x];
        const next = lengths[x + 1];
        if (!row || !next) continue;
        row[y] = a[start + x] === b[start + y] ? (next[y + 1] ?? 0) + 1 : Math.max(next[y] ?? 0, row[y + 1] ?? 0);
      }
    }
    while (i < lengthA && j < lengthB) {
      if (a[start + i] === b[start + j]) {
        steps.push({ kind: 'same', a: start + i, b: start + j });
        i += 1;
        j += 1;
      } else if ((lengths[i + 1]?.[j] ?? 0) >= (lengths[i]?.[j + 1] ?? 0)) {
        steps.push({ kind: 'removed', a: start + i });
        i += 1;
      } else {
        steps.push({ kind: 'added', b: start + j });
        j += 1;
      }
    }
  }
  for (; i < lengthA; i += 1) steps.push({ kind: 'removed', a: start + i });
  for (; j < lengthB; j += 1) steps.push({ kind: 'added', b: start + j });
  for (let k = 0; k < a.length - endA; k += 1) steps.push({ kind: 'same', a: endA + k, b: endB + k });
  return steps;
}

/** The words `after` added to and removed from `before`, in reading order. */
export function wordDiff(before: string, after: string, maxPairs = defaultMaxPairs): DiffPart[] {
  const a = before.split(/(\s+)/).filter(Boolean);
  const b = after.split(/(\s+)/).filter(Boolean);
  const parts: DiffPart[] = [];
  for (const step of alignSequences(a, b, maxPairs)) {
    const text = step.kind === 'added' ? b[step.b] : a[step.a];
    const last = parts[parts.length - 1];
    if (last?.kind === step.kind) last.text += text ?? '';
    else if (text) parts.push({ kind: step.kind, text });
  }
  return parts;
}

/**
 * How many characters `after` added to and removed from `before`, whitespace aside, by their word differences. Beyond
 * `maxPairs` the changed middle counts as all removed and all added: an upper bound, not an exact count.
 */
export function characterChanges(
  before: string,
  after: string,
  maxPairs = defaultMaxPairs,
): { added: number; removed: number } {
  const counts = { added: 0, removed: 0 };
  for (const part of wordDiff(before, after, maxPairs)) {
    if (part.kind !== 'same') counts[part.kind] += part.text.replace(/\s+/g, '').length;
  }
  return counts;
}
