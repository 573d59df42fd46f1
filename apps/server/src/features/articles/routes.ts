import { articleRoutes as routes } from '@papo/contract/article-schemas';
import {
  relatedArticlesCount,
  type Article,
  type ArticleCategory,
  type ArticleSummary,
  type AuthorPage,
  type LyricDetail,
} from '@papo/contract/articles';
import { idParam } from '@papo/contract/ids';
import type { FastifyPluginAsync } from 'fastify';
import { sendCached } from '../../lib/conditional.js';
import { serve } from '../../lib/api-route.js';
import { httpError } from '../../lib/http-error.js';
import {
  findAuthorWithArticles,
  findLatestArticle,
  findLyricNeighbours,
  findPublishedBySlug,
  findPublishedLyricById,
  listCategories,
} from './repo.js';
import { relatedArticles } from './related.js';
import { movedArticle } from '../redirects/index.js';
import { articlePages, lyricPages } from './pages.js';
import { toArticle, toArticleSummary } from './view.js';
import { cachesOf, sendKept } from '../../lib/shared-cache.js';

/** Single answers (articles, lyrics, the newest article, the categories) kept per node; an article's holds its HTML twice. */
const answersLimit = 500;

/**
 * The public reads of articles and lyrics (public-site §7): lists, one article, the newest article,
 * categories, and a lyric with its neighbours. Only published rows exist here; anything else is 404.
 */
export const articleRoutes: FastifyPluginAsync = async (app) => {
  const siteOrigin = new URL(app.config.PUBLIC_URL).origin;

  // list pages come from memory, with an ETag, until an article is written (pages.ts).
  const articleList = articlePages(app);
  const lyricList = lyricPages(app);
  // single answers come from memory, with an ETag, until `article_version` moves (migration
  // 2026_11_26_300): any article, category or author write, through the services or not, on any node.
  const caches = cachesOf(app);
  const kept = { version: 'article_version', maxEntries: answersLimit } as const;
  const articles = caches.cache(
    'article-answers',
    async (slug: string): Promise<Article | undefined> => {
      const row = await findPublishedBySlug(app.db, slug);
      return row && toArticle(row, siteOrigin);
    },
    kept,
  );
  const lyrics = caches.cache(
    'lyric-answers',
    async (slug: string): Promise<LyricDetail | undefined> => {
      // A numeric segment is first read as a lyric id (the spec's `/lyrics/{id}` links), then as a slug ('1984').
      const id = idParam().safeParse(slug);
      const row =
        (id.success ? await findPublishedLyricById(app.db, id.data) : undefined) ??
        (await findPublishedBySlug(app.db, slug, { lyrics: true }));
      if (!row) return undefined;
      const neighbours = await findLyricNeighbours(app.db, { id: row.id, title: row.title });
      return { ...toArticle(row, siteOrigin), ...neighbours };
    },
    kept,
  );
  const latest = caches.cache(
    'article-latest',
    async (): Promise<Article | undefined> => {
      const row = await findLatestArticle(app.db);
      return row && toArticle(row, siteOrigin);
    },
    kept,
  );
  const categories = caches.cache('article-categories', (): Promise<ArticleCategory[]> => listCategories(app.db), kept);
  const related = caches.cache(
    'article-related',
    async (slug: string): Promise<ArticleSummary[] | undefined> => {
      const row = await findPublishedBySlug(app.db, slug, { lyrics: false });
      return row && (await relatedArticles(app.db, app.dialect, row, relatedArticlesCount)).map(toArticleSummary);
    },
    kept,
  );
  const authors = caches.cache(
    'author-pages',
    async (username: string): Promise<AuthorPage | undefined> => {
      const found = await findAuthorWithArticles(app.db, username);
      return found && { ...found.author, articles: found.rows.map(toArticleSummary) };
    },
    kept,
  );

  // the list routes are not async: a kept page is sent without a promise (sendKept).
  serve(app, routes.list, ({ query: { page, limit, category }, request, reply }) =>
    sendKept(request, reply, articleList.read({ page, limit, category }), { audience: 'public' }),
  );

  serve(app, routes.article, async ({ params: { slug }, request, reply }) => {
    const cached = await articles.get(slug);
    if (!cached) {
      // An address the article had before: 301 to its address of today.
      const moved = await movedArticle(app.db, slug);
      if (moved) return reply.redirect(`/api/article/${moved.slug}`, 301);
      throw httpError(404, 'article_not_found');
    }
    return sendCached(request, reply, cached);
  });

  serve(app, routes.related, ({ params: { slug }, request, reply }) =>
    sendKept(request, reply, related.read(slug), { audience: 'public', missing: 'article_not_found' }),
  );

  // an author has a page while they have a published article; anything else is no author's page (404).
  serve(app, routes.author, ({ params: { username }, request, reply }) =>
    sendKept(request, reply, authors.read(username.toLowerCase()), { audience: 'public', missing: 'author_not_found' }),
  );

  serve(app, routes.latest, ({ request, reply }) =>
    sendKept(request, reply, latest.read(''), { audience: 'public', missing: 'article_not_found' }),
  );

  serve(app, routes.categories, ({ request, reply }) =>
    sendKept(request, reply, categories.read(''), { audience: 'public' }),
  );

  serve(app, routes.lyrics, ({ query: { page, limit }, request, reply }) =>
    sendKept(request, reply, lyricList.read({ page, limit }), { audience: 'public' }),
  );

  serve(app, routes.lyric, async ({ params: { slug }, request, reply }) => {
    const cached = await lyrics.get(slug);
    if (!cached) {
      const moved = await movedArticle(app.db, slug);
      if (moved?.lyrics) return reply.redirect(`/api/lyrics/${moved.slug}`, 301);
      throw httpError(404, 'lyric_not_found');
    }
    return sendCached(request, reply, cached);
  });
};
