import type { EditorArticle } from '@papo/contract/editor';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialog';
import { primaryButtonClass, secondaryButtonClass } from '../lib/classes';

/** The text the editor holds, unsaved because someone else saved first. */
export interface MyVersion {
  title: string;
  description: string;
  content: string;
}

/** The blocks of an HTML body as plain text, one per paragraph, heading, list item, quote, caption or video. */
export function textBlocks(html: string): string[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const blocks: string[] = [];
  doc.body.querySelectorAll('h1, h2, h3, h4, p, li, blockquote, figcaption, img, iframe, hr').forEach((el) => {
    if (el.tagName === 'IMG') blocks.push(`[${el.getAttribute('alt') ?? ''}]`);
    // NOTE: the video's address without its player options (the editor adds some, the server keeps none).
    else if (el.tagName === 'IFRAME') blocks.push(`[${(el.getAttribute('src') ?? '').split('?')[0]}]`);
    else if (el.tagName === 'HR') blocks.push('———');
    else if (!el.querySelector('p')) blocks.push(el.textContent?.trim() ?? '');
  });
  return blocks.filter(Boolean);
}

/**
 * Someone saved the article after this editor read it (412 `edit_conflict`, decision 024): nothing was written and
 * nothing is lost. The editor keeps theirs (loads it), keeps mine (saves it as a new revision on top of theirs), or
 * compares the two first.
 */
export function ConflictDialog(props: { mine: MyVersion; theirs: EditorArticle; busy: boolean; onKeepTheirs: () => void; onKeepMine: () => void }) {
  const { t, i18n } = useTranslation();
  const [comparing, setComparing] = useState(false);
  const name = props.theirs.revisionAuthor ?? t('editor.history.unknownAuthor');
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(new Date(props.theirs.revisionAt));
  return (
    <Dialog
      role="alertdialog"
      title={t('editor.conflict.title')}
      description={t('editor.conflict.text', { name, time })}
      onClose={() => undefined}
      width={comparing ? 'max-w-5xl' : 'max-w-lg'}
      testId="conflict-dialog"
    >
      {comparing && <Compare mine={props.mine} theirs={props.theirs} theirName={name} />}
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <button type="button" className={secondaryButtonClass} onClick={() => setComparing((c) => !c)} aria-expanded={comparing}>
          {comparing ? t('editor.conflict.hideCompare') : t('editor.conflict.compare')}
        </button>
        <button type="button" className={secondaryButtonClass} disabled={props.busy} onClick={props.onKeepTheirs}>
          {t('editor.conflict.keepTheirs', { name })}
        </button>
        <button type="button" autoFocus className={primaryButtonClass} disabled={props.busy} onClick={props.onKeepMine}>
          {t('editor.conflict.keepMine')}
        </button>
      </div>
    </Dialog>
  );
}

function Compare({ mine, theirs, theirName }: { mine: MyVersion; theirs: MyVersion; theirName: string }) {
  const { t } = useTranslation();
  const mineBlocks = textBlocks(mine.content);
  const theirBlocks = textBlocks(theirs.content);
  const column = (label: string, version: MyVersion, blocks: string[], other: MyVersion, otherBlocks: Set<string>, testId: string) => (
    <section aria-label={label} className="min-w-0 rounded-lg border border-slate-200 p-3" data-testid={testId}>
      <h3 className="text-sm font-semibold text-slate-700">{label}</h3>
      <dl className="mt-2 space-y-2 text-sm">
        <div>
          <dt className="text-xs font-medium text-slate-500">{t('editor.fields.title')}</dt>
          <dd className={version.title !== other.title ? changedClass : undefined}>{version.title}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-500">{t('editor.fields.description')}</dt>
          <dd className={version.description !== other.description ? changedClass : undefined}>{version.description || '—'}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-500">{t('editor.fields.body')}</dt>
          <dd className="space-y-1">
            {blocks.map((block, i) => (
              <p key={i} className={otherBlocks.has(block) ? undefined : changedClass} data-changed={otherBlocks.has(block) ? undefined : true}>
                {block}
              </p>
            ))}
          </dd>
        </div>
      </dl>
    </section>
  );
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {column(t('editor.conflict.theirs', { name: theirName }), theirs, theirBlocks, mine, new Set(mineBlocks), 'compare-theirs')}
      {column(t('editor.conflict.mine'), mine, mineBlocks, theirs, new Set(theirBlocks), 'compare-mine')}
    </div>
  );
}

/** What differs from the other version. */
const changedClass = 'rounded bg-amber-100 px-1 text-slate-900';
