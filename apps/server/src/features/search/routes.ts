import { lyricsSearchQuery, searchQuery, type LyricsSearchResponse, type SearchResponse } from '@papo/contract/search';
import type { FastifyPluginAsync } from 'fastify';
import { sendCached } from '../../lib/conditional.js';
import { parseRequestQuery } from '../../lib/http-error.js';
import { searchAnswers } from './answers.js';
import { searchDocuments } from './service.js';

/** Result kinds each search covers; `person` joins the blog search when bios are indexed. */
const blogSearchKinds = ['article', 'person'] as const;
const lyricsSearchKinds = ['lyric'] as const;

/** `GET /api/search?q=` (blog) and `GET /api/search_lyrics?q=` (public-site §7). */
export const searchRoutes: FastifyPluginAsync = async (app) => {
  // NOTE: answers come from memory while the index has not changed (answers.ts), with an ETag.
  const answer = searchAnswers(app.db);

  app.get('/api/search', async (request, reply) => {
    const { q } = parseRequestQuery(searchQuery, request);
    const cached = await answer(`blog\u0000${q}`, async (): Promise<SearchResponse> => {
      const { results, suggestion } = await searchDocuments(app.db, app.dialect, blogSearchKinds, q);
      return { results, suggestion };
    });
    return sendCached(request, reply, cached);
  });

  app.get('/api/search_lyrics', async (request, reply) => {
    const { q, exact } = parseRequestQuery(lyricsSearchQuery, request);
    const useSuggestion = exact !== '1';
    const cached = await answer(
      `lyrics\u0000${useSuggestion ? 1 : 0}\u0000${q}`,
      (): Promise<LyricsSearchResponse> => searchDocuments(app.db, app.dialect, lyricsSearchKinds, q, { useSuggestion }),
    );
    return sendCached(request, reply, cached);
  });
};
