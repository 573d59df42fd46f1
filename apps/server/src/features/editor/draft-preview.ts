import { createHash, randomBytes } from 'node:crypto';
import { articlePreviewRoutes as routes, previewLinkHours, type ArticlePreview } from '@papo/contract/editor-preview';
import type { FastifyInstance, FastifyPluginAsync, preHandlerHookHandler } from 'fastify';
import { serve } from '../../lib/api-route.js';
import { httpError } from '../../lib/http-error.js';
import { findArticleById, toPreviewArticle } from '../articles/index.js';
import { findHeads, revisionText, staffName } from '../revisions/index.js';

/*
 * Previews (decision 024): staff read any article's newest text, or any revision, as the public page will
 * show it; a preview link lets someone who is not signed in do the same with the newest text, until it expires or
 * is revoked. Nothing here is indexed or cached, and nothing here changes what the public reads.
 */

const tokenBytes = 24;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Previews are for the people they were made for: never stored by a cache, never indexed. A pre-handler, so that
 * their refusals (an unknown link, a revision of another article) say so too.
 */
const privateAnswer: preHandlerHookHandler = (_request, reply, done) => {
  reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
  done();
};
const privately = { preHandler: privateAnswer };

/** The article with the text of `revision` (default: the newest), as the public page shows it. */
async function buildPreview(app: FastifyInstance, articleId: number, revision?: number): Promise<ArticlePreview> {
  const row = await findArticleById(app.db, articleId);
  const heads = row && (await findHeads(app.db, articleId));
  if (!row || !heads) throw httpError(404, 'article_not_found');
  const wanted = revision ?? heads.head;
  const text = await app.db
    .selectFrom('article_revisions')
    .select(['id'])
    .where('id', '=', wanted)
    .where('article_id', '=', articleId)
    .executeTakeFirst();
  const stored = text && (await revisionText(app.db, text.id));
  if (!stored) throw httpError(404, 'revision_not_found');
  const live = row.is_published === 1;
  return {
    article: toPreviewArticle(row, stored, new URL(app.config.PUBLIC_URL).origin),
    revision: wanted,
    state: live ? 'live' : row.publish_at ? 'scheduled' : 'draft',
    pendingChanges: live && wanted !== heads.live,
    publishAt: row.publish_at,
  };
}

/**
 * The links still working, newest first, each with who made it named as the back office names a colleague (the display
 * name, as an article's byline and its history do), not by the username.
 */
async function liveLinks(app: FastifyInstance, articleId: number) {
  const rows = await app.db
    .selectFrom('article_preview_links as l')
    .leftJoin('users', 'users.id', 'l.created_by')
    .select((eb) => [
      'l.id',
      'l.created_at',
      'l.expires_at',
      eb.case().when('users.id', 'is', null).then(null).else(staffName(eb)).end().as('created_by'),
    ])
    .where('l.article_id', '=', articleId)
    .where('l.revoked_at', 'is', null)
    .where('l.expires_at', '>', new Date().toISOString())
    .orderBy('l.id', 'desc')
    .execute();
  return rows.map((r) => ({ id: r.id, createdAt: r.created_at, expiresAt: r.expires_at, createdBy: r.created_by }));
}

export const previewRoutes: FastifyPluginAsync = async (app) => {
  serve(app, routes.preview, ({ params: { id }, query: { revision } }) => buildPreview(app, id, revision), privately);

  serve(
    app,
    routes.createLink,
    async ({ params: { id }, user: { userId } }) => {
      if (!(await findArticleById(app.db, id))) throw httpError(404, 'article_not_found');
      const creator = await app.db
        .selectFrom('users')
        .select((eb) => staffName(eb).as('name'))
        .where('id', '=', userId)
        .executeTakeFirst();
      const token = randomBytes(tokenBytes).toString('base64url');
      const now = new Date();
      const expiresAt = new Date(now.getTime() + previewLinkHours * 3_600_000).toISOString();
      const row = await app.db
        .insertInto('article_preview_links')
        .values({
          article_id: id,
          token_hash: hashToken(token),
          created_by: userId,
          created_at: now.toISOString(),
          expires_at: expiresAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return {
        id: row.id,
        createdAt: now.toISOString(),
        expiresAt,
        createdBy: creator?.name ?? null,
        path: `/preview/${token}`,
      };
    },
    privately,
  );

  serve(app, routes.links, async ({ params: { id } }) => ({ links: await liveLinks(app, id) }), privately);

  serve(app, routes.revokeLink, async ({ params: { id, link }, reply }) => {
    const revoked = await app.db
      .updateTable('article_preview_links')
      .set({ revoked_at: new Date().toISOString() })
      .where('id', '=', link)
      .where('article_id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(revoked.numUpdatedRows) !== 1) throw httpError(404, 'preview_not_found');
    return reply.status(204).send();
  });

  // the only call here without a session: the token is the key, kept on the server only as its hash.
  serve(
    app,
    routes.byToken,
    async ({ params: { token } }) => {
      const link = await app.db
        .selectFrom('article_preview_links')
        .select(['article_id', 'expires_at', 'revoked_at'])
        .where('token_hash', '=', hashToken(token))
        .executeTakeFirst();
      if (!link || link.revoked_at !== null || Date.parse(link.expires_at) <= Date.now())
        throw httpError(404, 'preview_not_found');
      return buildPreview(app, link.article_id);
    },
    privately,
  );
};
