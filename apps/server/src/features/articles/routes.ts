import { articleListQuery, articleSlugParams, lyricsListQuery } from '@papo/contract/article-schemas';
import {
  type Article,
  type ArticleCategory,
  type LyricDetail,
} from '@papo/contract/articles';
import { idParam } from '@papo/contract/ids';
import type { MessageKey } from '@papo/contract/message-keys';
import type { FastifyPluginAsync } from 'fastify';
import { sendCached } from '../../lib/conditional.js';
import { httpError, parseRequestQuery } from '../../lib/http-error.js';
import { versionedAnswers } from '../search/index.js';
import {
  findLatestArticle,
  findLyricNeighbours,
  findPublishedBySlug,
  findPublishedLyricById,
  listCategories,
} from './repo.js';
import { movedArticle } from '../redirects/index.js';
import { articlePages, lyricPages } from './pages.js';
import { toArticle } from './view.js';
import { thenMaybe } from '../../lib/shared-cache.js';

/** Single answers (articles, lyrics, the newest article, the categories) kept per node; an article's holds its HTML twice. */
const answersLimit = 500;

/** The slug of the path; a segment that cannot be a slug names nothing, so it is a 404 like any unknown slug. */
function slugOf(params: unknown, notFound: MessageKey): string {
  const parsed = articleSlugParams.safeParse(params);
  if (!parsed.success) throw httpError(404, notFound);
  return parsed.data.slug;
}

/**
 * The public reads of articles and lyrics (public-site §7): lists, one article, the newest article,
 * categories, and a lyric with its neighbours. Only published rows exist here; anything else is 404.
 */
export const articleRoutes: FastifyPluginAsync = async (app) => {
  const siteOrigin = new URL(app.config.PUBLIC_URL).origin;

  // NOTE: list pages come from memory, with an ETag, until an article is written (pages.ts).
  const articleList = articlePages(app);
  const lyricList = lyricPages(app);
  // NOTE: single answers come from memory, with an ETag, until `article_version` moves (migration
  // 2026_11_26_300): any article, category or author write, through the services or not, on any node.
  const answer = versionedAnswers(app.db, 'article_version', answersLimit);

  // NOTE: the list routes are not async: a kept page is sent without a promise (thenMaybe).
  app.get('/api/articles', (request, reply) => {
    const { page, limit, category } = parseRequestQuery(articleListQuery, request);
    return thenMaybe(articleList.get({ page, limit, category }), (cached) => sendCached(request, reply, cached));
  });

  app.get('/api/article/:slug', async (request, reply) => {
    const slug = slugOf(request.params, 'article_not_found');
    const cached = await answer(`article\u0000${slug}`, async (): Promise<Article | undefined> => {
      const row = await findPublishedBySlug(app.db, slug);
      return row && toArticle(row, siteOrigin);
    });
    if (!cached) {
      // An address the article had before: 301 to its address of today.
      const moved = await movedArticle(app.db, slug);
      if (moved) return reply.redirect(`/api/article/${moved.slug}`, 301);
      throw httpError(404, 'article_not_found');
    }
    return sendCached(request, reply, cached);
  });

  app.get('/api/articleLast', async (request, reply) => {
    const cached = await answer('latest', async (): Promise<Article | undefined> => {
      const row = await findLatestArticle(app.db);
      return row && toArticle(row, siteOrigin);
    });
    if (!cached) throw httpError(404, 'article_not_found');
    return sendCached(request, reply, cached);
  });

  app.get('/api/article-categories', async (request, reply) => {
    const cached = await answer('categories', (): Promise<ArticleCategory[]> => listCategories(app.db));
    return sendCached(request, reply, cached);
  });

  app.get('/api/lyrics', (request, reply) => {
    const { page, limit } = parseRequestQuery(lyricsListQuery, request);
    return thenMaybe(lyricList.get({ page, limit }), (cached) => sendCached(request, reply, cached));
  });

  app.get('/api/lyrics/:slug', async (request, reply) => {
    // A numeric segment is first read as a lyric id (the spec's `/lyrics/{id}` links), then as a slug ('1984').
    const slug = slugOf(request.params, 'lyric_not_found');
    const id = idParam().safeParse(slug);
    const cached = await answer(`lyric\u0000${slug}`, async (): Promise<LyricDetail | undefined> => {
      const row =
        (id.success ? await findPublishedLyricById(app.db, id.data) : undefined) ??
        (await findPublishedBySlug(app.db, slug, { lyrics: true }));
      if (!row) return undefined;
      const neighbours = await findLyricNeighbours(app.db, { id: row.id, title: row.title });
      return { ...toArticle(row, siteOrigin), ...neighbours };
    });
    if (!cached) {
      const moved = await movedArticle(app.db, slug);
      if (moved?.lyrics) return reply.redirect(`/api/lyrics/${moved.slug}`, 301);
      throw httpError(404, 'lyric_not_found');
    }
    return sendCached(request, reply, cached);
  });
};
