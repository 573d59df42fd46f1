import { Plus } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import clsx from 'clsx';
import { Button } from '../../../components/ui/button';
import { PageTitle } from '../../../components/page-title';
import { StatePanel } from '../../../components/ui/state-panel';
import { paths } from '../../../config/paths';
import { useBioEntries, type BioDraft } from '../api/get-bio-entries';
import { BioEntryEditor } from './bio-entry-editor';
import { LeaveGuard } from '../../../components/leave-guard';
import { ErrorState, LoadingState } from '../../../components/ui/load-state';

let draftKey = 0;

/** A draft's stable React key: its id once saved, else one made up when it was added. */
type Row = { key: string; draft: BioDraft };

/**
 * The bio editor (public-site §2.6): tabs Anos (`/bioEdit`) and Eventos e Pessoas (`/bioEdit/events`); a new
 * entry is added at the top and exists only here until saved.
 */
export function BioEditScreen() {
  const { t } = useTranslation();
  const events = useLocation().pathname.startsWith(paths.bioEditEvents);
  const filter = events ? 'events' : 'years';
  const entries = useBioEntries(filter);
  const [added, setAdded] = useState<{ filter: string; rows: Row[] }>({ filter, rows: [] });
  const [removed, setRemoved] = useState<ReadonlySet<number>>(new Set());
  const rows = added.filter === filter ? added.rows : [];
  // The entries holding unsaved changes (by React key): leaving the page, or the tab, asks first while any does.
  const [dirty, setDirty] = useState<ReadonlySet<string>>(new Set());
  const dirtyOf = useCallback(
    (key: string) => (isDirty: boolean) =>
      setDirty((current) => {
        if (current.has(key) === isDirty) return current;
        const next = new Set(current);
        if (isDirty) next.add(key);
        else next.delete(key);
        return next;
      }),
    [],
  );

  // The open entries (by React key): a new one opens at once, the others when clicked or jumped to.
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (key: string) => () =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const anchorOf = (key: string) => `bio-entry-${key}`;
  // "Ir para": opens the entry, then brings it into view with the focus on its first field.
  const [jumpTo, setJumpTo] = useState<string | null>(null);
  useEffect(() => {
    if (jumpTo === null) return;
    const anchor = document.getElementById(anchorOf(jumpTo));
    anchor?.scrollIntoView?.({ block: 'start' });
    anchor?.querySelector<HTMLInputElement>('form input')?.focus({ preventScroll: true });
    setJumpTo(null);
  }, [jumpTo]);
  const jump = (key: string) => {
    if (!key) return;
    setOpen((current) => new Set([...current, key]));
    setJumpTo(key);
  };

  const add = () => {
    const draft: BioDraft = {
      id: null,
      kind: events ? 'event' : 'year',
      tag: '',
      tags: [],
      layout: 'layout-2',
      photoPath: null,
      description: '',
      paragraphs: [''],
      revision: 0,
      revisionAuthor: null,
      revisionAt: null,
    };
    const key = `new-${++draftKey}`;
    setAdded({ filter, rows: [{ key, draft }, ...rows] });
    setOpen((current) => new Set([...current, key]));
  };
  const dropDraft = (key: string) => setAdded({ filter, rows: rows.filter((row) => row.key !== key) });

  const tab = ({ isActive }: { isActive: boolean }) =>
    clsx(
      '-mb-px rounded-t-lg border-b-2 px-3 py-2 text-sm font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600',
      isActive ? 'border-emerald-700 text-emerald-800' : 'border-transparent text-slate-600 hover:text-slate-900',
    );

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-5">
      <PageTitle title={t('bioEdit.title')} />
      <LeaveGuard when={dirty.size > 0} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('bioEdit.title')}</h1>
        <Button onClick={add}>
          <Plus className="size-4" aria-hidden="true" />
          {t('bioEdit.add')}
        </Button>
      </div>
      <nav aria-label={t('bioEdit.tabsLabel')} className="flex gap-1 border-b border-slate-200">
        <NavLink to={paths.BioEdit} end className={tab}>
          {t('bioEdit.years')}
        </NavLink>
        <NavLink to={paths.bioEditEvents} className={tab}>
          {t('bioEdit.events')}
        </NavLink>
      </nav>
      {entries.data && entries.data.length > 0 && (
        <label className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-700">
          {t('bioEdit.jumpTo')}
          <select
            value=""
            onChange={(event) => jump(event.target.value)}
            className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 sm:text-sm"
          >
            <option value="">{t('bioEdit.jumpChoose')}</option>
            {entries.data
              .filter((entry) => !removed.has(entry.id))
              .map((entry) => (
                <option key={entry.id} value={String(entry.id)}>
                  {entry.tag}
                </option>
              ))}
          </select>
        </label>
      )}
      {rows.map((row) => (
        <BioEntryEditor
          key={row.key}
          initial={row.draft}
          onDeleted={() => dropDraft(row.key)}
          onDirty={dirtyOf(row.key)}
          open={open.has(row.key)}
          onToggle={toggle(row.key)}
          anchorId={anchorOf(row.key)}
        />
      ))}
      {entries.isPending ? (
        <LoadingState title={t('bioEdit.loading')} />
      ) : entries.isError ? (
        <ErrorState text={t('bioEdit.loadError')} onRetry={() => void entries.refetch()} />
      ) : entries.data.length === 0 && rows.length === 0 ? (
        <StatePanel variant="card" icon={Plus} title={t('bioEdit.empty')} />
      ) : (
        entries.data
          .filter((entry) => !removed.has(entry.id))
          .map((entry) => (
            <BioEntryEditor
              key={entry.id}
              initial={entry}
              onDirty={dirtyOf(String(entry.id))}
              onDeleted={() => setRemoved(new Set([...removed, entry.id]))}
              open={open.has(String(entry.id))}
              onToggle={toggle(String(entry.id))}
              anchorId={anchorOf(String(entry.id))}
            />
          ))
      )}
    </div>
  );
}
