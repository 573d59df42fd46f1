import { lyricsSearchQuery, searchQuery, type LyricsSearchResponse, type SearchResponse } from '@papo/contract/search';
import type { FastifyPluginAsync } from 'fastify';
import { parseQuery } from '../../lib/http-error.js';
import { searchDocuments } from './service.js';

/** Result kinds each search covers; `person` joins the blog search when bios are indexed. */
export const blogSearchKinds = ['article', 'person'] as const;
export const lyricsSearchKinds = ['lyric'] as const;

/** `GET /api/search?q=` (blog) and `GET /api/search_lyrics?q=` (public-site §7). */
export const searchRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/search', async (request): Promise<SearchResponse> => {
    const { q } = parseQuery(searchQuery, request.query);
    const { results, suggestion } = await searchDocuments(app.db, app.dialect, blogSearchKinds, q);
    return { results, suggestion };
  });

  app.get('/api/search_lyrics', async (request): Promise<LyricsSearchResponse> => {
    const { q, exact } = parseQuery(lyricsSearchQuery, request.query);
    return searchDocuments(app.db, app.dialect, lyricsSearchKinds, q, { useSuggestion: exact !== '1' });
  });
};
