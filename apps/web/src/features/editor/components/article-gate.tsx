import type { EditorArticle } from '@papo/contract/editor-articles';
import { FileQuestion } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, errorText } from '../../../lib/api';
import { StatePanel } from '../../../components/ui/state-panel';
import { ErrorState, LoadingState } from '../../../components/ui/load-state';
import { paths } from '../../../config/paths';
import { useEditorArticle } from '../api/get-editor-article';
import { secondaryButtonClass } from '../lib/classes';

/** Loads the article of a step screen, with loading, not-found and error states; renders `children` with it (or with `fresh` for a new one). */
export function ArticleGate({
  id,
  fresh,
  children,
}: {
  id: number | null;
  fresh?: EditorArticle;
  children: (article: EditorArticle) => ReactNode;
}) {
  const { t } = useTranslation();
  const article = useEditorArticle(id);
  // A new article (no id yet) is edited from `fresh`.
  if (fresh && id === null) return <>{children(fresh)}</>;
  const back = (
    <Link to={paths.editor_articles} className={secondaryButtonClass}>
      {t('editor.backToList')}
    </Link>
  );
  if (id === null || (article.error instanceof ApiError && article.error.status === 404)) {
    return (
      <StatePanel variant="card" icon={FileQuestion} title={t('editor.notFound')}>
        {back}
      </StatePanel>
    );
  }
  if (article.isPending) return <LoadingState variant="card" title={t('editor.loading')} />;
  if (article.isError) {
    return (
      <ErrorState
        title={t('editor.loadError')}
        text={errorText(t, article.error)}
        onRetry={() => void article.refetch()}
      />
    );
  }
  return <>{children(article.data)}</>;
}
