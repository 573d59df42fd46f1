import type { ArticleSaved } from '@papo/contract/editor-articles';
import type { FastifyReply } from 'fastify';
import { HttpError } from '../../lib/http-error.js';
import { type SavedArticle, articleDeps, suggestSlug } from '../articles/index.js';
import { revisionEtag } from '../revisions/index.js';

/** A save's answer: the new revision as the ETag too, so the editor's next save names it. */
export function savedAnswer(reply: FastifyReply, saved: SavedArticle, message?: ArticleSaved['message']): ArticleSaved {
  void reply.header('etag', revisionEtag(saved.revision));
  return {
    slug: saved.slug,
    liveSlug: saved.liveSlug,
    revision: saved.revision,
    pendingChanges: saved.pendingChanges,
    message: message ?? (saved.pendingChanges ? 'draft_saved' : 'article_saved'),
  };
}

/** A slug clash answers 409 with a free slug to offer; `sent` tells the caller the reply is already on its way. */
export async function withSlugSuggestion<T>(
  reply: FastifyReply,
  wanted: () => string,
  exceptId: number | undefined,
  write: () => Promise<T>,
): Promise<{ written: T } | { sent: FastifyReply }> {
  try {
    return { written: await write() };
  } catch (error) {
    if (!(error instanceof HttpError) || error.key !== 'slug_taken') throw error;
    const suggestion = await suggestSlug(articleDeps(reply.server), wanted(), exceptId);
    return { sent: reply.status(409).send({ message: 'slug_taken', errors: { slug: ['slug_taken'] }, suggestion }) };
  }
}
