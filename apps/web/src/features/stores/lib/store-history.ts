import type { RevisionChanges, RevisionSummary } from '@papo/contract/editor';
import type { AlbumCategory, AlbumRevisionView } from '@papo/contract/stores';
import type { TFunction } from 'i18next';
import { revisionChangeSummary, versionLines } from '../../../lib/revision-changes';

/** Slot positions as staff number them (from 1). */
const numbered = (positions: number[]) => positions.map((position) => position + 1).join(', ');

/** What a store's save changed, in a line for its history row: the fields by their names, then the slots added, removed or changed. */
export function storeChangeSummary(t: TFunction, row: RevisionSummary): string | null {
  const slots = (changes: RevisionChanges) =>
    (
      [
        ['slotsAdded', changes.slotsAdded],
        ['slotsRemoved', changes.slotsRemoved],
        ['slotsChanged', changes.slotsChanged],
      ] as const
    )
      .filter(([, positions]) => positions.length)
      .map(([key, positions]) =>
        t(`stores.history.${key}`, { count: positions.length, positions: numbered(positions) }),
      );
  return revisionChangeSummary(t, row, (field) => t(`stores.history.fields.${field}`, { defaultValue: field }), slots);
}

/** A kept version of a store as text, a line a field and a line a slot ("Ver" in its history). */
export function storeVersionText(t: TFunction, view: AlbumRevisionView, categories: AlbumCategory[]): string {
  const category = categories.find((c) => c.id === view.categoryId);
  const lines: [string, string][] = [
    [t('stores.form.name'), view.name],
    [t('stores.form.country'), t(`stores.countries.${view.country}`)],
    [
      t('stores.form.category'),
      category ? t(`stores.categories.${category.key}`, { defaultValue: category.name }) : '—',
    ],
    [t('stores.history.cover'), view.cover ? (view.cover.split('/').pop() ?? view.cover) : t('stores.history.noCover')],
    [t('stores.history.description'), view.description || '—'],
  ];
  for (const item of view.items ?? []) {
    const link = item.actionUrl
      ? `${item.description || t('stores.products.emptySlot')} — ${item.actionUrl}`
      : t('stores.history.noLink');
    lines.push([t('stores.products.slot', { position: item.position + 1 }), link]);
  }
  return versionLines(t, lines);
}
