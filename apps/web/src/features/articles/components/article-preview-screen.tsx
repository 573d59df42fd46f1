import { Eye } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/ui/load-state';
import { StatePanel } from '../../../components/ui/state-panel';
import { ApiError, messageText } from '../../../lib/api';
import { useArticlePreview } from '../api/get-article-preview';
import { ArticleView } from './article-view';

/**
 * The preview of an article (decision 024) at `/preview/{token}` (anyone holding the link) or
 * `/editor/{id}/preview[?revision=N]` (staff): the public article page's own component with the text that is not
 * live yet, marked as a preview and never indexed.
 */
export function ArticlePreviewScreen() {
  const { t, i18n } = useTranslation();
  const { token, id } = useParams();
  const [search] = useSearchParams();
  const revision = search.get('revision');
  const preview = useArticlePreview({ token, id, revision });
  const head = (
    <>
      <title>{t('articles.preview.pageTitle', { title: preview.data?.article.title ?? '' })}</title>
      <meta name="robots" content="noindex" />
    </>
  );
  if (preview.isPending) return <LoadingState title={t('articles.article.loading')} />;
  if (preview.isError) {
    const error = preview.error;
    if (error instanceof ApiError && error.status === 404) {
      return (
        <>
          {head}
          <StatePanel
            variant="card"
            icon={Eye}
            title={t('articles.preview.gone')}
            text={messageText(t, error.message)}
            testId="preview-gone"
          />
        </>
      );
    }
    return <ErrorState title={t('articles.article.loadError')} onRetry={() => void preview.refetch()} />;
  }
  const { article, state, pendingChanges, publishAt } = preview.data;
  const when = publishAt
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(publishAt))
    : '';
  const note =
    state === 'scheduled'
      ? t('articles.preview.scheduled', { when })
      : state === 'live'
        ? pendingChanges
          ? t('articles.preview.pending')
          : t('articles.preview.live')
        : t('articles.preview.draft');
  return (
    <div className="space-y-4">
      <p
        role="status"
        className="mx-auto flex max-w-3xl items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
        data-testid="preview-banner"
      >
        <Eye className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          <strong className="font-semibold">{t('articles.preview.label')}</strong> {note}
        </span>
      </p>
      <ArticleView article={article} head={head} />
    </div>
  );
}
