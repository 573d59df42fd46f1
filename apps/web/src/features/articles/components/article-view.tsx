import type { Article } from '@papo/contract/articles';
import { ChevronLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { authorPath, paths } from '../../../config/paths';
import { uploadSrc } from '../../../lib/images';
import { formatLongDate } from '../lib/format';
import { ArticleBody } from './article-body';
import { AuthorCard } from './author-card';
import { useCategoryName } from './category-name';
import { CoverImage } from './cover-image';
import { YoutubeEmbed } from './youtube-embed';

/**
 * The article as the public reads it (article-screen.tsx gives its head, share menu and what to read next); the
 * preview (article-preview-screen.tsx) shows a draft with the same component and its own head (never indexed). A
 * file of its own: the preview is a page of the app, whose first route stays within its JavaScript budget without
 * the public page's parts (docs/benchmarks.md).
 */
export function ArticleView({
  article: a,
  head,
  share,
  after,
}: {
  article: Article;
  head: ReactNode;
  share?: ReactNode;
  after?: ReactNode;
}) {
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
        {share}
      </header>
      {head}
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
      {after}
    </article>
  );
}
