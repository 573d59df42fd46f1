import type { Article } from '@papo/contract/articles';
import { ChevronLeft, Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { NotFound } from '../../../components/not-found';
import { StatePanel } from '../../../components/state-panel';
import { authorPath, paths } from '../../../config/paths';
import { useArticle, useRelatedArticles } from '../api/get-article';
import { ArticleCard } from './article-card';
import { buttonClass } from '../../../components/button';
import { uploadSrc } from '../../../lib/images';
import { formatLongDate } from '../lib/format';
import { ArticleBody } from './article-body';
import { AuthorCard } from './author-card';
import { useCategoryName } from './category-name';
import { CoverImage } from './cover-image';
import { ErrorState } from '../../../components/load-state';
import { ArticleMeta } from './page-meta';
import { ShareMenu } from './share-menu';
import { Island } from '../../../islands/island';
import { YoutubeEmbed } from './youtube-embed';
import { siteOrigin } from '../../../lib/request-context';
import { absoluteUrl } from '../../../lib/structured-data';
import { statusOf } from '../../../lib/api';

/** One article /blog/{slug} (public-site §2.4): title, cover, sanitised HTML, images, video, date and author. */
export function ArticleScreen() {
  const { t } = useTranslation();
  const slug = useParams().slug ?? '';
  const article = useArticle(slug);

  if (article.isPending) {
    return (
      <StatePanel icon={Loader2} spin role="status" title={t('articles.article.loading')} testId="article-loading" />
    );
  }
  if (article.isError) {
    if (statusOf(article.error) === 404) return <NotFound />;
    return <ErrorState title={t('articles.article.loadError')} onRetry={() => void article.refetch()} />;
  }
  return <ArticleView article={article.data} />;
}

/**
 * The article as the public reads it; the preview (article-preview-screen.tsx) shows a draft with the same
 * component, its own head (`head`: never indexed) in place of the article's.
 */
export function ArticleView({ article: a, head }: { article: Article; head?: ReactNode }) {
  const { t } = useTranslation();
  const category = useCategoryName(a.categoryKey);
  return (
    <article className="mx-auto max-w-3xl space-y-6" data-testid="article">
      <Link to={paths.blog} className={`inline-flex items-center gap-1 text-sm ${buttonClass({ variant: 'link' })}`}>
        <ChevronLeft className="size-4" aria-hidden="true" />
        {t('articles.article.back')}
      </Link>
      <header className="space-y-3">
        {category && <p className="text-sm font-semibold tracking-wide text-emerald-700 uppercase">{category}</p>}
        <h1 lang="pt-BR" className="text-3xl leading-tight font-bold tracking-tight text-slate-900 sm:text-4xl">
          {a.title}
        </h1>
        {a.description && (
          <p lang="pt-BR" className="text-lg text-slate-600">
            {a.description}
          </p>
        )}
        <p className="flex flex-wrap gap-x-2 text-sm text-slate-500" data-testid="article-byline">
          {a.author && (
            <span>
              {t('articles.article.by')}{' '}
              <Link to={authorPath(a.author.username)} className={buttonClass({ variant: 'link' })}>
                {a.author.name}
              </Link>
            </span>
          )}
          {a.publishedAt && <time dateTime={a.publishedAt}>{formatLongDate(a.publishedAt)}</time>}
          <span>{t('articles.article.readingTime', { count: a.readingMinutes })}</span>
        </p>
        {!head && (
          <Island
            name="share-menu"
            component={ShareMenu}
            props={{
              title: a.title,
              url: absoluteUrl(siteOrigin(), `${paths.blog}/${a.slug}`),
              text: t('articles.share.articleText'),
            }}
          />
        )}
      </header>
      {head ?? <ArticleMeta article={a} />}
      {/* The cover's description is its alternative text (the cover editor says so), else the title. */}
      {a.cover && <CoverImage cover={a.cover} alt={a.description || a.title} eager className="rounded-xl" />}
      {a.youtube && <YoutubeEmbed id={a.youtube} title={a.title} />}
      <ArticleBody html={a.content} />
      {a.images.length > 0 && (
        <ul className="grid gap-3 sm:grid-cols-2">
          {a.images.map(({ image }) => (
            <li key={image}>
              <img src={uploadSrc(image)} alt="" loading="lazy" className="h-auto w-full rounded-lg" />
            </li>
          ))}
        </ul>
      )}
      {a.author && <AuthorCard author={a.author} image={a.profileImage} message={a.welcomeMessage} />}
      {/* NOTE: a preview (its own head) is a draft: what to read next belongs to the published article. */}
      {!head && <RelatedArticles slug={a.slug} />}
    </article>
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
