import { lyricsSearchQuery, searchQuery, type LyricsSearchResponse, type SearchResponse } from '@papo/contract/search';
import type { FastifyPluginAsync } from 'fastify';
import { parseRequestQuery } from '../../lib/http-error.js';
import { cachesOf, sendKept } from '../../lib/shared-cache.js';
import { searchDocuments } from './service.js';

/** Result kinds each search covers; `person` joins the blog search when bios are indexed. */
const blogSearchKinds = ['article', 'person'] as const;
const lyricsSearchKinds = ['lyric'] as const;

/** `GET /api/search?q=` (blog) and `GET /api/search_lyrics?q=` (public-site §7). */
export const searchRoutes: FastifyPluginAsync = async (app) => {
  // NOTE: answers come from memory, with an ETag, until `search_version` moves (migration 2026_11_25_500): any write
  // of the search index, by any writer on any node. 1,000 kept in all, the least recently asked forgotten first.
  const caches = cachesOf(app);
  const kept = { version: 'search_version', maxEntries: answersKept / 2 } as const;
  const blog = caches.cache('search-blog', async (q: string): Promise<SearchResponse> => {
    const { results, suggestion } = await searchDocuments(app.db, app.dialect, blogSearchKinds, q);
    return { results, suggestion };
  }, kept);
  const lyrics = caches.cache('search-lyrics', (key: string): Promise<LyricsSearchResponse> => {
    const useSuggestion = key.startsWith('1');
    return searchDocuments(app.db, app.dialect, lyricsSearchKinds, key.slice(2), { useSuggestion });
  }, kept);

  app.get('/api/search', (request, reply) => {
    const { q } = parseRequestQuery(searchQuery, request);
    return sendKept(request, reply, blog.read(q), { audience: 'public' });
  });

  app.get('/api/search_lyrics', (request, reply) => {
    const { q, exact } = parseRequestQuery(lyricsSearchQuery, request);
    // NOTE: the key is `<1 with a suggestion, 0 without>\u0000<q>`.
    return sendKept(request, reply, lyrics.read(`${exact === '1' ? 0 : 1}\u0000${q}`), { audience: 'public' });
  });
};

/** Search answers kept per node, both searches together. */
const answersKept = 1000;
