import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { StatePanel } from '../../../components/ui/state-panel';
import { useArticles } from '../api/get-articles';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { ArticleCard } from './article-card';
import { ErrorState } from '../../../components/ui/load-state';
import { CardSkeletons } from './card-skeletons';

/** Cards loaded eagerly: the first row is on screen at once (LCP); the rest load as they scroll in. */
const eagerCards = 2;

/** The address of the blog's page `page` (`/blog?page=2&category=3`). */
function pageHref(page: number, category: number | null): string {
  const query = new URLSearchParams();
  if (page > 1) query.set('page', String(page));
  if (category !== null) query.set('category', String(category));
  const text = query.toString();
  return text ? `/blog?${text}` : '/blog';
}

/**
 * The blog's list state: newest articles of the selected category, a page at a time from `firstPage`. "More articles"
 * is a real link to the next page (`/blog?page=N`, rendered by the server, so a crawler reaches every article), which
 * the browser turns into loading that page below the others.
 */
export function BlogList({ category, firstPage = 1 }: { category: number | null; firstPage?: number }) {
  const { t } = useTranslation();
  const list = useArticles(category, firstPage);

  if (list.isPending) return <CardSkeletons count={6} label={t('articles.blog.loading')} />;
  if (list.isError && !list.data)
    return <ErrorState title={t('articles.blog.loadError')} onRetry={() => void list.refetch()} testId="blog-error" />;
  const articles = list.data.pages.flatMap((page) => page.articles);
  if (articles.length === 0) {
    return (
      <StatePanel
        variant="card"
        icon={FileText}
        title={t('articles.blog.emptyTitle')}
        text={t(category ? 'articles.blog.emptyCategory' : 'articles.blog.emptyText')}
        testId="blog-empty"
      />
    );
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
          <Link
            to={pageHref(firstPage + list.data.pages.length, category)}
            onClick={(event) => {
              event.preventDefault();
              if (!list.isFetchingNextPage) void list.fetchNextPage();
            }}
            aria-busy={list.isFetchingNextPage || undefined}
            className={buttonClass({ variant: 'secondary' })}
          >
            {list.isFetchingNextPage ? t('articles.blog.loading') : t('articles.blog.more')}
          </Link>
        </div>
      )}
    </div>
  );
}
