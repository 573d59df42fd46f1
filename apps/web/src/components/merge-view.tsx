import clsx from 'clsx';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mergedHtml, mergeRows, type MergeChoice } from '../lib/merge-blocks';
import { wordDiff } from '@papo/contract/word-diff';
import { Button } from './ui/button';
import { WordMarks } from './word-marks';

const choices: MergeChoice[] = ['mine', 'theirs', 'both'];

/**
 * Both bodies of a conflict, block by block: blocks both hold once, and where they differ this editor's block beside
 * theirs (the words only one side has marked), each with a choice — mine, theirs or both (theirs copied after mine).
 * The merged text is saved on top of their version.
 */
export function MergeView(props: {
  mine: string;
  theirs: string;
  theirName: string;
  busy: boolean;
  onSave: (html: string) => void;
}) {
  const { t } = useTranslation();
  const rows = useMemo(() => mergeRows(props.mine, props.theirs), [props.mine, props.theirs]);
  const [picked, setPicked] = useState<ReadonlyMap<number, MergeChoice>>(new Map());
  let differences = 0;
  return (
    <section aria-label={t('conflict.merge.title')} className="mt-3 space-y-2" data-testid="merge-view">
      <p className="text-sm text-slate-700">{t('conflict.merge.intro', { name: props.theirName })}</p>
      <ol className="max-h-[55vh] space-y-2 overflow-y-auto pr-1">
        {rows.map((row, index) => {
          if (row.kind === 'same') {
            return (
              <li
                key={index}
                className="whitespace-pre-line rounded-lg px-3 py-1.5 text-sm text-slate-600 [overflow-wrap:anywhere]"
                data-testid="merge-same"
              >
                {row.block.text || <span className="italic">{t('conflict.merge.blank')}</span>}
              </li>
            );
          }
          differences += 1;
          const choice = picked.get(index) ?? 'mine';
          const parts = wordDiff(row.mine?.text ?? '', row.theirs?.text ?? '');
          const label = t('conflict.merge.row', { n: differences });
          return (
            <li key={index} className="rounded-lg border border-amber-300 bg-amber-50 p-3" data-testid="merge-row">
              <div className="grid gap-2 text-sm sm:grid-cols-2">
                <div className="min-w-0">
                  <p className="text-xs font-medium text-slate-500">{t('conflict.mine')}</p>
                  <p
                    className={clsx(
                      'whitespace-pre-line [overflow-wrap:anywhere]',
                      choice === 'theirs' && 'opacity-60',
                    )}
                    data-testid="merge-mine"
                  >
                    {row.mine && !row.mine.text ? (
                      <span className="italic">{t('conflict.merge.blank')}</span>
                    ) : row.mine ? (
                      <WordMarks parts={parts} side="before" />
                    ) : (
                      t('conflict.merge.none')
                    )}
                  </p>
                </div>
                <div className="min-w-0">
                  <p className="text-xs font-medium text-slate-500">
                    {t('conflict.theirs', { name: props.theirName })}
                  </p>
                  <p
                    className={clsx('whitespace-pre-line [overflow-wrap:anywhere]', choice === 'mine' && 'opacity-60')}
                    data-testid="merge-theirs"
                  >
                    {row.theirs && !row.theirs.text ? (
                      <span className="italic">{t('conflict.merge.blank')}</span>
                    ) : row.theirs ? (
                      <WordMarks parts={parts} side="after" />
                    ) : (
                      t('conflict.merge.none')
                    )}
                  </p>
                </div>
              </div>
              <fieldset className="mt-2">
                <legend className="sr-only">{label}</legend>
                <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-800">
                  {choices.map((option) => (
                    <label key={option} className="inline-flex min-h-8 items-center gap-1.5">
                      <input
                        type="radio"
                        name={`merge-${index}`}
                        value={option}
                        checked={choice === option}
                        onChange={() => setPicked((now) => new Map(now).set(index, option))}
                        className="size-4 accent-emerald-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
                      />
                      {t(`conflict.merge.${option}`, { name: props.theirName })}
                    </label>
                  ))}
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div className="flex justify-end">
        <Button variant="primary" disabled={props.busy} onClick={() => props.onSave(mergedHtml(rows, picked))}>
          {t('conflict.merge.save')}
        </Button>
      </div>
    </section>
  );
}
