import { UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/ui/load-state';
import { NotFound } from '../../../components/not-found';
import { PageMeta } from '../../../components/page-meta';
import { authorPath } from '../../../config/paths';
import { statusOf } from '../../../lib/api';
import { uploadSrc } from '../../../lib/images';
import { siteOrigin } from '../../../lib/request-context';
import { absoluteUrl, itemListNode, personNode, profilePageNode } from '../../../lib/structured-data';
import { useAuthorPage } from '../api/get-article';
import { ArticleCard } from './article-card';
import { Island } from '../../../islands/island';
import { useServerRender } from '../../../islands/server-render';

/** `/autor/{username}`: an author's page — their name, picture and welcome message, and every article they published. */
export function AuthorScreen() {
  const username = useParams().username ?? '';
  const page = useAuthorPage(username);
  // a failure the server drew is an island, so its try again asks again without the app (decision 042).
  if (useServerRender() && page.isError && statusOf(page.error) !== 404)
    return <Island name="author-page" component={AuthorPage} props={{ username }} />;
  return <AuthorPage username={username} />;
}

/** The author page of `username` in any of its states: loading, missing (404), failed (with a try again) or shown. */
export function AuthorPage({ username }: { username: string }) {
  const { t } = useTranslation();
  const page = useAuthorPage(username);
  if (page.isPending) return <LoadingState title={t('articles.author.loading')} />;
  if (page.isError) {
    if (statusOf(page.error) === 404) return <NotFound />;
    return <ErrorState title={t('articles.author.loadError')} onRetry={() => void page.refetch()} />;
  }
  const author = page.data;
  const origin = siteOrigin();
  const path = authorPath(author.username);
  const url = absoluteUrl(origin, path);
  const title = t('articles.author.title', { name: author.name });
  const description = author.welcome || t('articles.author.meta', { name: author.name, count: author.articles.length });
  const person = personNode({
    name: author.name,
    description: author.welcome ?? '',
    url,
    image: author.image ? absoluteUrl(origin, uploadSrc(author.image)) : null,
  });
  const articles = itemListNode(
    title,
    author.articles.map((article) => ({ name: article.title, url: absoluteUrl(origin, `/blog/${article.slug}`) })),
  );
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <PageMeta
        title={title}
        description={description}
        path={path}
        card="blog"
        type="profile"
        structuredData={[profilePageNode({ name: title, description, url }, person), articles]}
      />
      <header className="flex items-center gap-4">
        {author.image ? (
          <img
            src={uploadSrc(author.image)}
            alt=""
            width={64}
            height={64}
            className="size-16 shrink-0 rounded-full object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="grid size-16 shrink-0 place-items-center rounded-full bg-emerald-50 text-emerald-700"
          >
            <UserRound className="size-8" />
          </span>
        )}
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          {author.welcome && <p className="mt-1 text-slate-600">{author.welcome}</p>}
          <p className="mt-1 text-sm text-slate-500">{t('articles.author.count', { count: author.articles.length })}</p>
        </div>
      </header>
      <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3" data-testid="author-articles">
        {author.articles.map((article, i) => (
          <li key={article.id}>
            <ArticleCard article={article} eager={i < 2} />
          </li>
        ))}
      </ul>
    </div>
  );
}
