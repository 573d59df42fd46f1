import { Newspaper } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLatestArticle } from '../api/home';
import { HomeSection, SectionError, SectionSkeleton } from './home-section';
import { uploadSrc, uploadSrcSet } from '../../../lib/images';
import { statusOf } from '../../../lib/api';

/** The newest blog article, linking to /blog/{slug} (public-site §2.4); a blog without articles says so. */
export function LatestArticle() {
  const { t } = useTranslation();
  const article = useLatestArticle();
  const missing = article.isError && statusOf(article.error) === 404;
  let body;
  if (article.isPending) body = <SectionSkeleton lines={3} picture label={t('homeSections.article.loading')} />;
  else if (missing) body = <p className="text-sm text-slate-600">{t('homeSections.article.empty')}</p>;
  else if (article.isError)
    body = <SectionError text={t('homeSections.article.error')} onRetry={() => void article.refetch()} />;
  else
    body = (
      <Link
        to={`/blog/${article.data.slug}`}
        className="group flex flex-col gap-3 rounded-md sm:flex-row sm:gap-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
      >
        {article.data.cover && (
          <img
            src={uploadSrc(article.data.cover)}
            srcSet={uploadSrcSet(article.data.cover)}
            sizes="(min-width: 640px) 10rem, 100vw"
            alt=""
            width={160}
            height={84}
            className="aspect-[40/21] w-full shrink-0 self-start rounded-md object-cover sm:w-40"
          />
        )}
        <span className="min-w-0">
          <span className="block font-semibold text-slate-900 group-hover:text-emerald-800 group-hover:underline">
            {article.data.title}
          </span>
          <span className="mt-1 line-clamp-3 block text-sm text-slate-600">{article.data.description}</span>
        </span>
      </Link>
    );
  return (
    <HomeSection id="home-article" title={t('homeSections.article.title')} icon={Newspaper}>
      {body}
    </HomeSection>
  );
}
