import { articleRevisionRoutes as routes } from '@papo/contract/editor-articles';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/api-route.js';
import { httpError } from '../../lib/http-error.js';
import { articleDeps, articleInputOf, patchArticle } from '../articles/index.js';
import { findHeads, findHistoryHeads, findRevision, ifMatchOf, listRevisions } from '../revisions/index.js';
import { savedAnswer, withSlugSuggestion } from './saves.js';

/** An article's history (decision 024): every save, newest first; one with its text; a restore. */
export const revisionRoutes: FastifyPluginAsync = async (app) => {
  const deps = articleDeps(app);

  serve(app, routes.list, async ({ params: { id } }) => {
    const heads = await findHistoryHeads(app.db, id);
    if (!heads) throw httpError(404, 'article_not_found');
    return { revisions: await listRevisions(app.db, id, heads) };
  });

  serve(app, routes.read, async ({ params: { id, revision } }) => {
    const heads = await findHistoryHeads(app.db, id);
    if (!heads) throw httpError(404, 'article_not_found');
    const found = await findRevision(app.db, id, revision, heads);
    if (!found) throw httpError(404, 'revision_not_found');
    return found;
  });

  // Restoring writes the old text as the newest revision (nothing is lost: the current one stays in the history).
  serve(app, routes.restore, async ({ params: { id, revision: revisionId }, user, request, reply }) => {
    const heads = await findHeads(app.db, id);
    const revision = heads && (await findRevision(app.db, id, revisionId, heads));
    if (!revision) throw httpError(404, heads ? 'revision_not_found' : 'article_not_found');
    const save = { authorId: user.userId, ifMatch: ifMatchOf(request), restoredFrom: revisionId, asDraft: true };
    const text = { ...revision, images: JSON.stringify(revision.images) };
    const saved = await withSlugSuggestion(
      reply,
      () => revision.slug,
      id,
      () => patchArticle(deps, id, articleInputOf(text), save),
    );
    if ('sent' in saved) return saved.sent;
    return savedAnswer(reply, saved.written);
  });
};
