import { revisionRetention } from '@papo/contract/editor';

const dayMs = 24 * 60 * 60 * 1000;

/** A kept revision as the retention sees it: its id (ids grow with time) and when it was saved. */
export interface RevisionAge {
  id: number;
  created_at: string;
}

/**
 * The revisions a history no longer keeps at `now`: every revision of the last `everyRevisionDays` stays, then the
 * newest of each day (UTC) up to `dailyUntilDays`, and nothing older. The newest revision (what the editor opens) and
 * those in `keep` (the text the public reads) stay whatever their age; a kept one counts as its day's. Time, not a
 * count, decides: a busy week keeps every step, a quiet year keeps a trail.
 */
export function revisionsToDrop(
  rows: readonly RevisionAge[],
  now: Date,
  keep: ReadonlySet<number> = new Set(),
): number[] {
  const everyFrom = now.getTime() - revisionRetention.everyRevisionDays * dayMs;
  const dailyFrom = now.getTime() - revisionRetention.dailyUntilDays * dayMs;
  const newest = rows.reduce((max, row) => Math.max(max, row.id), 0);
  const daysKept = new Set<number>();
  const drop: number[] = [];
  for (const row of [...rows].sort((a, b) => b.id - a.id)) {
    const at = Date.parse(row.created_at);
    if (at >= everyFrom) continue;
    const day = Math.floor(at / dayMs);
    if (row.id === newest || keep.has(row.id)) daysKept.add(day);
    else if (at >= dailyFrom && !daysKept.has(day)) daysKept.add(day);
    else drop.push(row.id);
  }
  return drop;
}
