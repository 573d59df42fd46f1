/** A run of words the same in both texts, only in the newer one (added) or only in the older one (removed). */
export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** Above this many word pairs the middle of two texts is shown as removed then added, not matched word by word. */
const maxPairs = 2_000_000;

/**
 * The words `after` added to and removed from `before`, in reading order. The common beginning and end are matched
 * first (an edit touches a small part of a long article), then the rest by longest common subsequence.
 */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = before.split(/(\s+)/).filter(Boolean);
  const b = after.split(/(\s+)/).filter(Boolean);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  const parts: DiffPart[] = [];
  const push = (kind: DiffPart['kind'], text: string) => {
    const last = parts[parts.length - 1];
    if (last?.kind === kind) last.text += text;
    else if (text) parts.push({ kind, text });
  };
  push('same', a.slice(0, start).join(''));
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  if (midA.length * midB.length > maxPairs) {
    push('removed', midA.join(''));
    push('added', midB.join(''));
  } else {
    // lengths[i][j]: the longest common run of midA from i and midB from j, filled from the end.
    const lengths = Array.from({ length: midA.length + 1 }, () => new Uint32Array(midB.length + 1));
    for (let i = midA.length - 1; i >= 0; i -= 1) {
      for (let j = midB.length - 1; j >= 0; j -= 1) {
        const row = lengths[i];
        const next = lengths[i + 1];
        if (!row || !next) continue;
        row[j] = midA[i] === midB[j] ? (next[j + 1] ?? 0) + 1 : Math.max(next[j] ?? 0, row[j + 1] ?? 0);
      }
    }
    let i = 0;
    let j = 0;
    while (i < midA.length && j < midB.length) {
      if (midA[i] === midB[j]) {
        push('same', midA[i] ?? '');
        i += 1;
        j += 1;
      } else if ((lengths[i + 1]?.[j] ?? 0) >= (lengths[i]?.[j + 1] ?? 0)) {
        push('removed', midA[i] ?? '');
        i += 1;
      } else {
        push('added', midB[j] ?? '');
        j += 1;
      }
    }
    push('removed', midA.slice(i).join(''));
    push('added', midB.slice(j).join(''));
  }
  push('same', a.slice(endA).join(''));
  return parts;
}
