import type { RevisionChanges, RevisionSummary } from '@papo/contract/editor';
import type { TFunction } from 'i18next';

/**
 * What a record's save changed, in a line for its history row: the fields by the names `fieldName` gives them, then
 * whatever `more` adds (a store's slots). The oldest row kept has nothing to compare with and says so; a row the
 * server sent no changes for says nothing (null).
 */
export function revisionChangeSummary(
  t: TFunction,
  row: RevisionSummary,
  fieldName: (field: string) => string,
  more: (changes: RevisionChanges) => string[] = () => [],
): string | null {
  if (row.changes === undefined) return null;
  if (row.changes === null) return t('history.first');
  const parts: string[] = [];
  if (row.changes.fields.length)
    parts.push(t('history.changed', { fields: row.changes.fields.map(fieldName).join(', ') }));
  parts.push(...more(row.changes));
  return parts.length ? parts.join(' · ') : t('history.nothing');
}

/** A kept version as text, a line a field ("Ver" in a history). */
export const versionLines = (t: TFunction, lines: [label: string, value: string][]) =>
  lines.map(([label, value]) => t('history.line', { label, value })).join('\n');
