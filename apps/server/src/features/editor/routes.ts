import type { FastifyPluginAsync } from 'fastify';
import type { Resolver } from '../../lib/outbound-address.js';
import { articleReadRoutes, articleTextRoutes } from './article-routes.js';
import { coverRoutes } from './cover-routes.js';
import { previewRoutes } from './draft-preview.js';
import { libraryRoutes } from './library.js';
import type { ReleaseScheduler } from './release.js';
import { revisionRoutes } from './revision-routes.js';

/**
 * The article back office: staff only, whatever the client sends (anonymous 401, member 403, checked before the body
 * is read), but for a preview link's read. Its texts, reads, history, cover step, previews and image library.
 */
export const editorRoutes: FastifyPluginAsync<{ releases: ReleaseScheduler; resolve?: Resolver }> = async (
  app,
  opts,
) => {
  await app.register(articleTextRoutes, { releases: opts.releases });
  await app.register(articleReadRoutes);
  await app.register(revisionRoutes);
  await app.register(coverRoutes);
  await app.register(previewRoutes);
  await app.register(libraryRoutes, { resolve: opts.resolve });
};
