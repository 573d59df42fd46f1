import type { RevisionChanges, RevisionSummary } from '@papo/contract/editor';
import type { AlbumCategory, AlbumRevisionView } from '@papo/contract/stores';
import type { TFunction } from 'i18next';

/** Slot positions as staff number them (from 1). */
const numbered = (positions: number[]) => positions.map((position) => position + 1).join(', ');

/**
 * What a store's save changed, in a line for its history row: the fields by their names, then the slots added,
 * removed or changed. The oldest row kept has nothing to compare with and says so.
 */
export function storeChangeSummary(t: TFunction, row: RevisionSummary): string | null {
  if (row.changes === undefined) return null;
  if (row.changes === null) return t('stores.history.first');
  const changes: RevisionChanges = row.changes;
  const parts: string[] = [];
  if (changes.fields.length) {
    parts.push(t('stores.history.changed', { fields: changes.fields.map((field) => t(`stores.history.fields.${field}`, { defaultValue: field })).join(', ') }));
  }
  const slots = [
    ['slotsAdded', changes.slotsAdded],
    ['slotsRemoved', changes.slotsRemoved],
    ['slotsChanged', changes.slotsChanged],
  ] as const;
  for (const [key, positions] of slots) {
    if (positions.length) parts.push(t(`stores.history.${key}`, { count: positions.length, positions: numbered(positions) }));
  }
  return parts.length ? parts.join(' · ') : t('stores.history.nothing');
}

/** A kept version of a store as text, a line a field and a line a slot ("Ver" in its history). */
export function storeVersionText(t: TFunction, view: AlbumRevisionView, categories: AlbumCategory[]): string {
  const category = categories.find((c) => c.id === view.categoryId);
  const line = (label: string, value: string) => t('stores.history.line', { label, value });
  const lines = [
    line(t('stores.form.name'), view.name),
    line(t('stores.form.country'), t(`stores.countries.${view.country}`)),
    line(t('stores.form.category'), category ? t(`stores.categories.${category.key}`, { defaultValue: category.name }) : '—'),
    line(t('stores.history.cover'), view.cover ? (view.cover.split('/').pop() ?? view.cover) : t('stores.history.noCover')),
    line(t('stores.history.description'), view.description || '—'),
  ];
  for (const item of view.items ?? []) {
    const link = item.actionUrl ? `${item.description || t('stores.products.emptySlot')} — ${item.actionUrl}` : t('stores.history.noLink');
    lines.push(line(t('stores.products.slot', { position: item.position + 1 }), link));
  }
  return lines.join('\n');
}
