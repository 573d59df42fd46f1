import type { BioInput } from '@papo/contract/bio';
import type { RevisionSummary } from '@papo/contract/editor';
import type { TFunction } from 'i18next';
import { revisionChangeSummary, versionLines } from '../../../lib/revision-changes';

/** What an entry's save changed, in a line for its history row (the fields by their names). */
export const bioChangeSummary = (t: TFunction, row: RevisionSummary) =>
  revisionChangeSummary(t, row, (field) => t(`bioEdit.history.fields.${field}`, { defaultValue: field }));

/**
 * A version of an entry as text, a line a field and a line a paragraph: a kept one for "Ver" in its history, and a kept
 * one and the form's for the words its "Diferenças" mark.
 */
export function bioVersionText(
  t: TFunction,
  view: Pick<BioInput, 'tag' | 'tags' | 'layout' | 'photoPath' | 'description' | 'paragraphs'>,
): string {
  return versionLines(t, [
    [t('bioEdit.tag'), view.tag],
    [t('bioEdit.tags'), view.tags.join(', ') || '—'],
    [t('bioEdit.layout'), t(`bioEdit.layouts.${view.layout}`)],
    [
      t('bioEdit.history.photo'),
      view.photoPath ? (view.photoPath.split('/').pop() ?? view.photoPath) : t('bioEdit.history.noPhoto'),
    ],
    [t('bioEdit.history.photoDescription'), view.description || '—'],
    ...view.paragraphs.map((paragraph, i): [string, string] => [t('bioEdit.paragraphN', { n: i + 1 }), paragraph]),
  ]);
}
