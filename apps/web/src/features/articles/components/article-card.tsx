import type { ArticleSummary } from '@papo/contract/articles';
import { Link } from 'react-router';
import { formatLongDate } from '../lib/format';
import { focusRing } from '../lib/classes';
import { CoverImage } from './cover-image';
import { useCategoryName } from './category-name';

/**
 * The width a card's cover is shown at, at most: one column on a phone, two from `sm`, three of the 72rem list from
 * `xl` (the article's related cards, three from `sm` in a narrower column, are smaller still). The default of a cover,
 * the article's own width, would make every card download a picture two to three times as wide as it shows.
 */
const cardCoverSizes = '(min-width: 1280px) 23rem, (min-width: 640px) 50vw, 100vw';

/** A blog card: cover, category, title (a heading of level `as`), summary and date, the whole card a link to the article. */
export function ArticleCard({
  article,
  eager,
  as: Title = 'h2',
}: {
  article: ArticleSummary;
  eager: boolean;
  as?: 'h2' | 'h3';
}) {
  const category = useCategoryName(article.categoryKey);
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      <CoverImage cover={article.cover} eager={eager} sizes={cardCoverSizes} />
      <div className="flex flex-1 flex-col p-4">
        {category && <p className="text-xs font-semibold tracking-wide text-emerald-700 uppercase">{category}</p>}
        <Title className="mt-1 text-lg leading-snug font-bold text-slate-900">
          <Link
            to={`/blog/${article.slug}`}
            className={`rounded after:absolute after:inset-0 group-hover:text-emerald-800 ${focusRing}`}
          >
            {article.title}
          </Link>
        </Title>
        <p className="mt-2 line-clamp-3 text-sm text-slate-600">{article.shortContent}</p>
        <p className="mt-auto pt-3 text-xs text-slate-500">
          <time dateTime={article.publishedAt ?? undefined}>{formatLongDate(article.publishedAt)}</time>
        </p>
      </div>
    </article>
  );
}
