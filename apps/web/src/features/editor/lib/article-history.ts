import type { RevisionSummary } from '@papo/contract/editor';
import type { TFunction } from 'i18next';
import { revisionChangeSummary } from '../../../lib/revision-changes';

/** What an article's save changed, in a line for its history row: the fields by their names, then the body's characters. */
export const articleChangeSummary = (t: TFunction, row: RevisionSummary) =>
  revisionChangeSummary(
    t,
    row,
    (field) => t(`editor.history.fields.${field}`, { defaultValue: field }),
    ({ characters }) =>
      characters && (characters.added || characters.removed) ? [t('editor.history.characters', characters)] : [],
  );
