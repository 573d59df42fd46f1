import type { RevisionStamp } from '@papo/contract/editor';
import { wordDiff } from '@papo/contract/word-diff';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { textBlocks } from '../lib/text-blocks';
import { Button } from './ui/button';
import { Dialog } from './ui/dialog';
import { MergeView } from './merge-view';
import { WordMarks } from './word-marks';

/** A field of the record as this editor holds it (mine) and as it was saved meanwhile (theirs). */
export interface ConflictField {
  label: string;
  mine: string;
  theirs: string;
}

/**
 * Someone saved the record after this editor read it (412 `edit_conflict`, decisions 024 and 028): nothing was written
 * and nothing is lost. The editor keeps theirs (loads it; an article's text typed here is first kept as a revision),
 * keeps mine (saves it as a new revision on top of theirs), or compares the two first, this editor's text before theirs
 * as in the merge: each field with the words only one side holds marked, and an article's body block by block. An
 * article's body can also be merged block by block. Articles, stores, bio entries and the category step all show this
 * dialog.
 */
export function ConflictDialog(props: {
  /** Who saved the version on the server, and when. */
  theirs: RevisionStamp;
  fields: ConflictField[];
  /** An HTML body, compared block by block. */
  body?: { label: string; mine: string; theirs: string };
  busy: boolean;
  /**
   * What "keep theirs" leaves in the history, said beside the choice: `true`, this editor's text (saved first as a
   * revision); `'seen'`, the version this editor acted on (a publication or a discard asked on it), kept already.
   */
  keepsMineInHistory?: boolean | 'seen';
  /** Why the last choice did not go through (the dialog stays open). */
  error?: string | null;
  onKeepTheirs: () => void;
  onKeepMine: () => void;
  /** With a body: a merge view picks per block (mine, theirs or both) and this saves the merged body on top of theirs. */
  onSaveMerged?: (html: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const [view, setView] = useState<'choices' | 'compare' | 'merge'>('choices');
  const toggle = (next: 'compare' | 'merge') => setView((now) => (now === next ? 'choices' : next));
  const name = props.theirs.revisionAuthor ?? t('conflict.unknownAuthor');
  const time = props.theirs.revisionAt
    ? new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(new Date(props.theirs.revisionAt))
    : '';
  return (
    <Dialog
      role="alertdialog"
      title={t('conflict.title')}
      description={t('conflict.text', { name, time })}
      onClose={() => undefined}
      width={view === 'choices' ? 'max-w-lg' : 'max-w-5xl'}
      testId="conflict-dialog"
    >
      {view === 'compare' && <Compare fields={props.fields} body={props.body} theirName={name} />}
      {view === 'merge' && props.body && props.onSaveMerged && (
        <MergeView
          mine={props.body.mine}
          theirs={props.body.theirs}
          theirName={name}
          busy={props.busy}
          onSave={props.onSaveMerged}
        />
      )}
      {props.keepsMineInHistory && (
        <p className="mt-3 text-sm text-slate-700">
          {t(props.keepsMineInHistory === 'seen' ? 'conflict.seenKeptNote' : 'conflict.keepsMineNote', { name })}
        </p>
      )}
      {props.error && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {props.error}
        </p>
      )}
      {/* no choice has the focus when the dialog opens (the first control, "Comparar", does): each choice replaces
          one of the two texts, so none is a default a stray Enter may take. */}
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => toggle('compare')} aria-expanded={view === 'compare'}>
          {view === 'compare' ? t('conflict.hideCompare') : t('conflict.compare')}
        </Button>
        {props.body && props.onSaveMerged && (
          <Button variant="secondary" onClick={() => toggle('merge')} aria-expanded={view === 'merge'}>
            {view === 'merge' ? t('conflict.merge.hide') : t('conflict.merge.open')}
          </Button>
        )}
        <Button variant="secondary" disabled={props.busy} onClick={props.onKeepTheirs}>
          {t('conflict.keepTheirs', { name })}
        </Button>
        <Button variant="secondary" disabled={props.busy} onClick={props.onKeepMine}>
          {t('conflict.keepMine')}
        </Button>
      </div>
    </Dialog>
  );
}

function Compare({
  fields,
  body,
  theirName,
}: {
  fields: ConflictField[];
  body?: { label: string; mine: string; theirs: string };
  theirName: string;
}) {
  const { t } = useTranslation();
  const mineBlocks = body ? textBlocks(body.mine) : [];
  const theirBlocks = body ? textBlocks(body.theirs) : [];
  const column = (
    label: string,
    side: 'mine' | 'theirs',
    blocks: string[],
    otherBlocks: Set<string>,
    testId: string,
  ) => (
    <section aria-label={label} className="min-w-0 rounded-lg border border-slate-200 p-3" data-testid={testId}>
      <h3 className="text-sm font-semibold text-slate-700">{label}</h3>
      <dl className="mt-2 space-y-2 text-sm">
        {fields.map((field) => (
          <div key={field.label}>
            <dt className="text-xs font-medium text-slate-500">{field.label}</dt>
            <dd className="[overflow-wrap:anywhere]" data-changed={field.mine !== field.theirs || undefined}>
              {field.mine === field.theirs || !field[side] ? (
                field[side] || '—'
              ) : (
                <WordMarks parts={wordDiff(field.mine, field.theirs)} side={side === 'mine' ? 'before' : 'after'} />
              )}
            </dd>
          </div>
        ))}
        {body && (
          <div>
            <dt className="text-xs font-medium text-slate-500">{body.label}</dt>
            <dd className="space-y-1">
              {blocks.map((block, i) => (
                <p
                  key={i}
                  className={otherBlocks.has(block) ? undefined : changedClass}
                  data-changed={otherBlocks.has(block) ? undefined : true}
                >
                  {block}
                </p>
              ))}
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {column(t('conflict.mine'), 'mine', mineBlocks, new Set(theirBlocks), 'compare-mine')}
      {column(t('conflict.theirs', { name: theirName }), 'theirs', theirBlocks, new Set(mineBlocks), 'compare-theirs')}
    </div>
  );
}

/** What differs from the other version. */
const changedClass = 'rounded bg-amber-100 px-1 text-slate-900';
