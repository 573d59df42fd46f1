import type { ArticleRevisionSummary, ArticleSaved } from '@papo/contract/editor';
import { useQueryClient } from '@tanstack/react-query';
import { Eye, History, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialog';
import { EmptyState, ErrorState, LoadingState } from '../../../components/load-state';
import { editorPaths } from '../../../config/paths';
import { ApiError, errorText } from '../../../lib/api';
import { editorKeys, restoreRevision, useArticleRevisions } from '../api/editor-api';
import { secondaryButtonClass } from '../lib/classes';

/**
 * The article's history (decision 024): every save with who and when, newest first, the live one marked; restoring
 * one makes its text the newest revision (nothing is lost: the current text stays in the list).
 */
export function HistoryPanel(props: {
  articleId: number;
  /** The revision the editor holds (sent as `If-Match` with a restore). */
  revision: number;
  onRestored: (saved: ArticleSaved) => void;
  /** A restore refused because someone saved meanwhile. */
  onConflict: () => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const revisions = useArticleRevisions(props.articleId);
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const when = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  const restore = async (target: ArticleRevisionSummary) => {
    setBusy(target.id);
    setError(null);
    try {
      const saved = await restoreRevision(props.articleId, target.id, props.revision);
      void queryClient.invalidateQueries({ queryKey: editorKeys.revisions(props.articleId) });
      props.onRestored(saved);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 412) props.onConflict();
      else setError(errorText(t, failure, 'editor.errors'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Dialog title={t('editor.history.title')} description={t('editor.history.text')} onClose={props.onClose} width="max-w-2xl" sheet testId="history-panel">
      {revisions.isPending && <LoadingState title={t('editor.history.loading')} />}
      {revisions.isError && <ErrorState onRetry={() => void revisions.refetch()} title={t('editor.history.loadError')} />}
      {revisions.data?.revisions.length === 0 && <EmptyState title={t('editor.history.empty')} />}
      {error && (
        <p role="alert" className="mb-3 text-sm text-red-700">
          {error}
        </p>
      )}
      {revisions.data && revisions.data.revisions.length > 0 && (
        <ol className="divide-y divide-slate-200" aria-label={t('editor.history.list')}>
          {revisions.data.revisions.map((revision) => (
            <li key={revision.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3" data-testid="revision">
              <History className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium text-slate-900">
                  <time dateTime={revision.createdAt}>{when(revision.createdAt)}</time>
                  {' · '}
                  {revision.authorName ?? t('editor.history.unknownAuthor')}
                </p>
                <p className="truncate text-sm text-slate-600">{revision.title}</p>
                <p className="mt-1 flex flex-wrap gap-1.5 text-xs">
                  {revision.isHead && <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-800">{t('editor.history.current')}</span>}
                  {revision.isLive && <span className="rounded-full bg-emerald-100 px-2 py-0.5 font-medium text-emerald-900">{t('editor.history.live')}</span>}
                  {revision.restoredFrom !== null && (
                    <span className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900">{t('editor.history.restoredFrom', { id: revision.restoredFrom })}</span>
                  )}
                </p>
              </div>
              <a
                href={editorPaths.preview(props.articleId, revision.id)}
                target="_blank"
                rel="noopener"
                className={secondaryButtonClass}
                aria-label={t('editor.history.viewLabel', { time: when(revision.createdAt) })}
              >
                <Eye className="size-4" aria-hidden="true" />
                {t('editor.history.view')}
              </a>
              {!revision.isHead && (
                <button
                  type="button"
                  className={secondaryButtonClass}
                  disabled={busy !== null}
                  aria-label={t('editor.history.restoreLabel', { time: when(revision.createdAt) })}
                  onClick={() => void restore(revision)}
                >
                  <RotateCcw className="size-4" aria-hidden="true" />
                  {busy === revision.id ? t('editor.history.restoring') : t('editor.history.restore')}
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
    </Dialog>
  );
}
