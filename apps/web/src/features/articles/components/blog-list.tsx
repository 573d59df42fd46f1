import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { StatePanel } from '../../../components/state-panel';
import { useArticles } from '../api/get-articles';
import { Button } from '../../../components/button';
import { ArticleCard } from './article-card';
import { ErrorState } from '../../../components/load-state';
import { CardSkeletons } from './card-skeletons';

/** Cards loaded eagerly: the first row is on screen at once (LCP); the rest load as they scroll in. */
const eagerCards = 2;

/** The blog's list state: newest articles of the selected category, a page at a time. */
export function BlogList({ category }: { category: number | null }) {
  const { t } = useTranslation();
  const list = useArticles(category);

  if (list.isPending) return <CardSkeletons count={6} label={t('articles.blog.loading')} />;
  if (list.isError && !list.data) return <ErrorState title={t('articles.blog.loadError')} onRetry={() => void list.refetch()} testId="blog-error" />;
  const articles = list.data.pages.flatMap((page) => page.articles);
  if (articles.length === 0) {
    return <StatePanel variant="card" icon={FileText} title={t('articles.blog.emptyTitle')} text={t(category ? 'articles.blog.emptyCategory' : 'articles.blog.emptyText')} testId="blog-empty" />;
  }
  return (
    <div className="space-y-6">
      <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3" data-testid="article-list">
        {articles.map((article, i) => (
          <li key={article.id}>
            <ArticleCard article={article} eager={i < eagerCards} />
          </li>
        ))}
      </ul>
      {list.isFetchNextPageError && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {t('articles.blog.moreError')}
        </p>
      )}
      {list.hasNextPage && (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={() => void list.fetchNextPage()} busy={list.isFetchingNextPage} busyLabel={t('articles.blog.loading')}>
            {t('articles.blog.more')}
          </Button>
        </div>
      )}
    </div>
  );
}
