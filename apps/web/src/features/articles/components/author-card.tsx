import type { ArticleAuthor } from '@papo/contract/articles';
import { UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { authorPath } from '../../../config/paths';
import { uploadSrc } from '../../../lib/images';

/** Who wrote the article: picture, display name and welcome message of the author's account, and a link to their page. */
export function AuthorCard({
  author,
  image,
  message,
}: {
  author: ArticleAuthor;
  image: string | null;
  message: string | null;
}) {
  const { t } = useTranslation();
  return (
    <aside
      aria-label={t('articles.article.author')}
      className="flex items-start gap-4 rounded-xl border border-slate-200 bg-white p-4"
    >
      {image ? (
        <img
          src={uploadSrc(image)}
          alt=""
          width={56}
          height={56}
          loading="lazy"
          className="size-14 shrink-0 rounded-full object-cover"
        />
      ) : (
        <span
          aria-hidden="true"
          className="grid size-14 shrink-0 place-items-center rounded-full bg-emerald-50 text-emerald-700"
        >
          <UserRound className="size-7" />
        </span>
      )}
      <div>
        <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
          {t('articles.article.writtenBy')}
        </p>
        <p className="text-base font-semibold text-slate-900">{author.name}</p>
        {message && <p className="mt-1 text-sm text-slate-600">{message}</p>}
        <Link
          to={authorPath(author.username)}
          className={`mt-1 inline-block text-sm ${buttonClass({ variant: 'link' })}`}
        >
          {t('articles.article.authorPage', { name: author.name })}
        </Link>
      </div>
    </aside>
  );
}
