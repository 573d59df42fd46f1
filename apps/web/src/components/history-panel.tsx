import type { RevisionSummary } from '@papo/contract/editor';
import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { Eye, GitCompare, History, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../lib/api';
import { wordDiff } from '@papo/contract/word-diff';
import { Button, buttonClass } from './ui/button';
import { Dialog } from './ui/dialog';
import { EmptyState, ErrorState, LoadingState } from './ui/load-state';
import { WordMarks } from './word-marks';

/** A row of the panel: any record's revision, an article's with its live and restore marks. */
type HistoryRow = RevisionSummary & { isLive?: boolean; restoredFrom?: number | null };

/** How a row's text then and the text now are read, for its differences. */
interface HistoryDifferences<R> {
  load: (row: R, signal: AbortSignal) => Promise<string>;
  current: () => string;
}

/**
 * A record's history (decisions 024, 028): every save with who and when, newest first, the current one (and an
 * article's live one) marked; restoring one makes its text the newest revision (nothing is lost: the current text
 * stays in the list). Articles, stores and bio entries show this panel; each names its own list and restore call.
 */
export function HistoryPanel<R extends HistoryRow>(props: {
  queryKey: QueryKey;
  load: (signal: AbortSignal) => Promise<{ revisions: R[] }>;
  /** Restores a revision (the caller sends the version it holds as `If-Match`) and takes the answer. */
  restore: (row: R) => Promise<void>;
  /** A restore refused because someone saved meanwhile (412 `edit_conflict`). */
  onConflict: () => void;
  onClose: () => void;
  /** Where a revision can be seen as the public will see it (articles). */
  viewHref?: (row: R) => string;
  /** Where errors' keys are translated first (`editor.errors`, …). */
  errorSection?: string;
  /** A revision's text and the text now (plain, a line a block), for each row's view of the words added and removed. */
  differences?: HistoryDifferences<R>;
  /** What a row's save changed, in a line (stores: fields and slots); null says nothing. */
  summary?: (row: R) => string | null;
  /** A row's version as it was kept, as text (a line a field), opened in place by its "Ver". */
  view?: (row: R, signal: AbortSignal) => Promise<string>;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const revisions = useQuery({
    queryKey: props.queryKey,
    queryFn: ({ signal }) => props.load(signal),
    refetchOnWindowFocus: false,
  });
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The row whose differences against the text now are open (one at a time), and the row opened by "Ver".
  const [comparing, setComparing] = useState<number | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  // Rows saved within the same minute show their seconds too: otherwise their times read alike.
  const minuteOf = (iso: string) => Math.floor(Date.parse(iso) / 60_000);
  const minutes = (revisions.data?.revisions ?? []).map((row) => minuteOf(row.createdAt));
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, {
      dateStyle: 'medium',
      timeStyle: minutes.filter((minute) => minute === minuteOf(iso)).length > 1 ? 'medium' : 'short',
    }).format(new Date(iso));

  const restore = async (target: R) => {
    setBusy(target.id);
    setError(null);
    try {
      await props.restore(target);
      void queryClient.invalidateQueries({ queryKey: props.queryKey });
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 412) props.onConflict();
      else setError(errorText(t, failure, props.errorSection));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Dialog
      title={t('history.title')}
      description={t('history.text')}
      onClose={props.onClose}
      width="max-w-2xl"
      sheet
      testId="history-panel"
    >
      {revisions.isPending && <LoadingState title={t('history.loading')} />}
      {revisions.isError && <ErrorState onRetry={() => void revisions.refetch()} title={t('history.loadError')} />}
      {revisions.data?.revisions.length === 0 && <EmptyState title={t('history.empty')} />}
      {error && (
        <p role="alert" className="mb-3 text-sm text-red-700">
          {error}
        </p>
      )}
      {revisions.data && revisions.data.revisions.length > 0 && (
        <ol className="divide-y divide-slate-200" aria-label={t('history.list')}>
          {revisions.data.revisions.map((revision) => (
            <li key={revision.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3" data-testid="revision">
              <History className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
              <div className="min-w-[14rem] flex-1">
                <p className="text-sm font-medium text-slate-900">
                  <time dateTime={revision.createdAt}>{when(revision.createdAt)}</time>
                  {' · '}
                  {revision.authorName ?? t('history.unknownAuthor')}
                </p>
                <p className="truncate text-sm text-slate-600">{revision.title}</p>
                {props.summary?.(revision) && (
                  <p className="text-sm text-slate-700" data-testid="revision-summary">
                    {props.summary(revision)}
                  </p>
                )}
                <p className="mt-1 flex flex-wrap gap-1.5 text-xs">
                  {revision.isHead && (
                    <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-800">
                      {t('history.current')}
                    </span>
                  )}
                  {revision.isLive && (
                    <span className="rounded-full bg-emerald-100 px-2 py-0.5 font-medium text-emerald-900">
                      {t('history.live')}
                    </span>
                  )}
                  {revision.restoredFrom != null && (
                    <span className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900">
                      {t('history.restoredFrom', { id: revision.restoredFrom })}
                    </span>
                  )}
                </p>
              </div>
              <div className="ml-7 flex flex-wrap gap-2 sm:ml-0">
                {props.viewHref && (
                  <a
                    href={props.viewHref(revision)}
                    target="_blank"
                    rel="noopener"
                    className={buttonClass({ variant: 'secondary' })}
                    aria-label={t('history.viewLabel', { time: when(revision.createdAt) })}
                  >
                    <Eye className="size-4" aria-hidden="true" />
                    {t('history.view')}
                  </a>
                )}
                {props.view && (
                  <Button
                    variant="secondary"
                    aria-expanded={viewing === revision.id}
                    aria-label={t('history.viewLabel', { time: when(revision.createdAt) })}
                    onClick={() => setViewing((open) => (open === revision.id ? null : revision.id))}
                  >
                    <Eye className="size-4" aria-hidden="true" />
                    {t('history.view')}
                  </Button>
                )}
                {props.differences && !revision.isHead && (
                  <Button
                    variant="secondary"
                    aria-expanded={comparing === revision.id}
                    aria-label={t('history.differencesLabel', { time: when(revision.createdAt) })}
                    onClick={() => setComparing((open) => (open === revision.id ? null : revision.id))}
                  >
                    <GitCompare className="size-4" aria-hidden="true" />
                    {t('history.differences')}
                  </Button>
                )}
                {!revision.isHead && (
                  <Button
                    variant="secondary"
                    disabled={busy !== null}
                    aria-label={t('history.restoreLabel', { time: when(revision.createdAt) })}
                    onClick={() => void restore(revision)}
                  >
                    <RotateCcw className="size-4" aria-hidden="true" />
                    {busy === revision.id ? t('history.restoring') : t('history.restore')}
                  </Button>
                )}
              </div>
              {props.view && viewing === revision.id && (
                <KeptVersion row={revision} view={props.view} queryKey={props.queryKey} />
              )}
              {props.differences && comparing === revision.id && (
                <Differences row={revision} differences={props.differences} queryKey={props.queryKey} />
              )}
            </li>
          ))}
        </ol>
      )}
    </Dialog>
  );
}

/** A row's version as it was kept, a line a field. */
function KeptVersion<R extends HistoryRow>({
  row,
  view,
  queryKey,
}: {
  row: R;
  view: (row: R, signal: AbortSignal) => Promise<string>;
  queryKey: QueryKey;
}) {
  const { t } = useTranslation();
  const kept = useQuery({
    queryKey: [...queryKey, 'view', row.id],
    queryFn: ({ signal }) => view(row, signal),
    refetchOnWindowFocus: false,
  });
  if (kept.isPending) return <LoadingState title={t('history.loading')} />;
  if (kept.isError) return <ErrorState onRetry={() => void kept.refetch()} title={t('history.loadError')} />;
  return (
    <p
      className="max-h-72 w-full overflow-y-auto whitespace-pre-wrap rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800 [overflow-wrap:anywhere]"
      data-testid="revision-view"
    >
      {kept.data}
    </p>
  );
}

/** The words a revision had that the text now lacks (struck through) and the words added since (underlined). */
function Differences<R extends HistoryRow>({
  row,
  differences,
  queryKey,
}: {
  row: R;
  differences: HistoryDifferences<R>;
  queryKey: QueryKey;
}) {
  const { t } = useTranslation();
  const then = useQuery({
    queryKey: [...queryKey, 'text', row.id],
    queryFn: ({ signal }) => differences.load(row, signal),
    refetchOnWindowFocus: false,
  });
  if (then.isPending) return <LoadingState title={t('history.loading')} />;
  if (then.isError) return <ErrorState onRetry={() => void then.refetch()} title={t('history.loadError')} />;
  const parts = wordDiff(then.data, differences.current());
  return (
    <div className="w-full rounded-lg border border-slate-200 bg-slate-50 p-3" data-testid="revision-differences">
      <p className="mb-2 text-xs text-slate-600">{t('history.differencesKey')}</p>
      <p className="max-h-72 overflow-y-auto whitespace-pre-wrap text-sm text-slate-800 [overflow-wrap:anywhere]">
        {parts.every((part) => part.kind === 'same') ? (
          t('history.noDifferences')
        ) : (
          <WordMarks parts={parts} side="both" />
        )}
      </p>
    </div>
  );
}
