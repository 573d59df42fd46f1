import { searchRoutes as routes, type SearchResponse } from '@papo/contract/search';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/api-route.js';
import { cachesOf, sendKept } from '../../lib/shared-cache.js';
import { searchDocuments } from './service.js';

/** Result kinds each search covers; `person` joins the blog search when bios are indexed. */
const blogSearchKinds = ['article', 'person'] as const;
const lyricsSearchKinds = ['lyric'] as const;

/** `GET /api/search?q=` (blog) and `GET /api/search_lyrics?q=` (public-site §7). */
export const searchRoutes: FastifyPluginAsync = async (app) => {
  // answers come from memory, with an ETag, until `search_version` moves (migration 2026_11_25_500): any write
  // of the search index, by any writer on any node. 1,000 kept in all, the least recently asked forgotten first.
  const caches = cachesOf(app);
  const kept = { version: 'search_version', maxEntries: answersKept / 2 } as const;
  // the key is `<1 for exact, else 0>\u0000<q>`.
  const search =
    (kinds: readonly string[]) =>
    (key: string): Promise<SearchResponse> =>
      searchDocuments(app.db, app.dialect, kinds, key.slice(2), { exact: key.startsWith('1') });
  const blog = caches.cache('search-blog', search(blogSearchKinds), kept);
  const lyrics = caches.cache('search-lyrics', search(lyricsSearchKinds), kept);
  const keyOf = ({ q, exact }: { q: string; exact?: string }) => `${exact === '1' ? 1 : 0}\u0000${q}`;

  serve(app, routes.blog, ({ query, request, reply }) =>
    sendKept(request, reply, blog.read(keyOf(query)), { audience: 'public' }),
  );

  serve(app, routes.lyrics, ({ query, request, reply }) =>
    sendKept(request, reply, lyrics.read(keyOf(query)), { audience: 'public' }),
  );
};

/** Search answers kept per node, both searches together. */
const answersKept = 1000;
