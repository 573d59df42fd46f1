import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/ui/load-state';
import { NotFound } from '../../../components/not-found';
import { paths } from '../../../config/paths';
import { Island } from '../../../islands/island';
import { statusOf } from '../../../lib/api';
import { siteOrigin } from '../../../lib/request-context';
import { absoluteUrl } from '../../../lib/structured-data';
import { useArticle, useRelatedArticles } from '../api/get-article';
import { ArticleCard } from './article-card';
import { ArticleView } from './article-view';
import { ArticleMeta } from './page-meta';
import { ShareMenu } from './share-menu';

/** One article /blog/{slug} (public-site §2.4): title, cover, sanitised HTML, images, video, date and author. */
export function ArticleScreen() {
  const { t } = useTranslation();
  const slug = useParams().slug ?? '';
  const article = useArticle(slug);

  if (article.isPending) {
    return <LoadingState title={t('articles.article.loading')} testId="article-loading" />;
  }
  if (article.isError) {
    if (statusOf(article.error) === 404) return <NotFound />;
    return <ErrorState title={t('articles.article.loadError')} onRetry={() => void article.refetch()} />;
  }
  const a = article.data;
  return (
    <ArticleView
      article={a}
      head={<ArticleMeta article={a} />}
      share={
        <Island
          name="share-menu"
          component={ShareMenu}
          props={{
            title: a.title,
            url: absoluteUrl(siteOrigin(), `${paths.blog}/${a.slug}`),
            text: t('articles.share.articleText'),
          }}
        />
      }
      after={<RelatedArticles slug={a.slug} />}
    />
  );
}

/** "Leia também": three articles to read next; nothing while they load or when there are none. */
function RelatedArticles({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const related = useRelatedArticles(slug);
  if (related.isError) return <p className="text-sm text-slate-600">{t('articles.article.relatedError')}</p>;
  if (!related.data?.length) return null;
  return (
    <section
      aria-labelledby="related-title"
      className="space-y-3 border-t border-slate-200 pt-6"
      data-testid="related-articles"
    >
      <h2 id="related-title" className="text-xl font-bold text-slate-900">
        {t('articles.article.related')}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-3">
        {related.data.map((article) => (
          <li key={article.id}>
            <ArticleCard article={article} eager={false} as="h3" />
          </li>
        ))}
      </ul>
    </section>
  );
}
