import type { ArticlePage, LyricsPage } from '@papo/contract/articles';
import type { FastifyInstance } from 'fastify';
import { cachesOf, type SharedCache } from '../../lib/shared-cache.js';
import { listPublishedArticles, listPublishedLyrics } from './repo.js';
import { toArticleSummary } from './view.js';

/*
 * The article and lyric list pages, kept in each node's memory (lib/shared-cache.ts): a page and its total
 * cost an index walk and a count over every published article (10,000 in the bench), and they change only
 * when an article is written: a commit that writes the tables they read forgets them on every node (decision 053).
 */

const articlePagesCache = 'article-pages';
const lyricPagesCache = 'lyric-pages';

export interface ArticlePageRequest {
  page: number;
  limit: number;
  category?: number;
}

/** `page:limit:category`, the cache key of one list request. */
function keyOf({ page, limit, category }: ArticlePageRequest): string {
  return `${page}:${limit}:${category ?? ''}`;
}

function requestOf(key: string): ArticlePageRequest {
  const [page, limit, category] = key.split(':');
  return { page: Number(page), limit: Number(limit), ...(category ? { category: Number(category) } : {}) };
}

export function articlePages(app: FastifyInstance) {
  const cache: SharedCache<string, ArticlePage> = cachesOf(app).cache(articlePagesCache, async (key: string) => {
    const { page, limit, category } = requestOf(key);
    const { rows, total } = await listPublishedArticles(app.db, {
      offset: (page - 1) * limit,
      limit,
      categoryId: category,
    });
    return { articles: rows.map(toArticleSummary), total, page, limit };
  });
  return { read: (request: ArticlePageRequest) => cache.read(keyOf(request)) };
}

export function lyricPages(app: FastifyInstance) {
  const cache: SharedCache<string, LyricsPage> = cachesOf(app).cache(lyricPagesCache, async (key: string) => {
    const { page, limit } = requestOf(key);
    const { lyrics, total } = await listPublishedLyrics(app.db, { offset: (page - 1) * limit, limit });
    return { lyrics, total, page, limit };
  });
  return { read: (request: Omit<ArticlePageRequest, 'category'>) => cache.read(keyOf(request)) };
}
