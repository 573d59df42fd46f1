import { editorPageSize } from '@papo/contract/editor';
import { articleBodyBytes, type EditorArticle, editorArticleRoutes as routes } from '@papo/contract/editor-articles';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/api-route.js';
import { httpError } from '../../lib/http-error.js';
import { requireStaffUploads } from '../uploads/index.js';
import {
  articleDeps,
  createArticle,
  deleteArticle,
  findArticleById,
  patchArticle,
  publishChanges,
  publishState,
  updateArticle,
} from '../articles/index.js';
import { findHeads, findRevision, ifMatchOf, revisionEtag } from '../revisions/index.js';
import { listEditorArticles } from './repo.js';
import type { ReleaseScheduler } from './release.js';
import { savedAnswer, withSlugSuggestion } from './saves.js';

/** An upload key named in an article's HTML (`/uploads/library/<hex>.png`, or the same on the site's origin). */
const uploadInHtml = /\/uploads\/([a-z]+\/[a-f0-9]{32}\.[a-z]+)/g;

/**
 * Every upload an article save names — cover, image list and images in the body — must be a staff upload of the
 * library (400 `upload_not_found` under the field otherwise): an article never shows a file its author could not pick.
 */
async function checkArticleUploads(
  db: FastifyInstance['db'],
  { cover, images, content }: { cover: string | null; images: string[]; content: string },
): Promise<void> {
  if (cover) await requireStaffUploads(db, [cover], 'cover');
  await requireStaffUploads(db, images, 'images');
  await requireStaffUploads(
    db,
    [...content.matchAll(uploadInHtml)].flatMap((match) => match[1] ?? []),
    'content',
  );
}

/** The newest text of an article (a live article's pending changes included), as the editor edits it. */
async function editorArticle(app: FastifyInstance, id: number): Promise<EditorArticle> {
  const row = await findArticleById(app.db, id);
  if (!row) throw httpError(404, 'article_not_found');
  // an article written before revisions existed gets its first one here, so the editor has a version to send.
  const heads =
    (await findHeads(app.db, id)) ?? (await patchArticle(articleDeps(app), id, {}).then(() => findHeads(app.db, id)));
  const head = heads && (await findRevision(app.db, id, heads.head, heads));
  if (!heads || !head) throw httpError(404, 'article_not_found');
  const stores = await app.db
    .selectFrom('stores')
    .select('name')
    .where('article_id', '=', id)
    .orderBy('name')
    .execute();
  return {
    id: row.id,
    title: head.title,
    slug: head.slug,
    content: head.content,
    cover: head.cover,
    description: head.description,
    category: row.category_id,
    ...publishState(row),
    composer: row.composer,
    youtube: head.youtube,
    images: head.images,
    publishAt: row.publish_at,
    publishedAt: row.published_at,
    updatedAt: row.updated_at,
    revision: heads.head,
    revisionAuthor: head.authorName,
    revisionAt: head.createdAt,
    pendingChanges: heads.head !== heads.live,
    liveSlug: row.slug,
    linkedStores: stores.map((store) => store.name),
  };
}

/**
 * The article's text: created, saved, its waiting changes published, deleted. Writes go through the articles
 * service, so slugs, sanitising and the search index follow the same rules as everywhere.
 */
export const articleTextRoutes: FastifyPluginAsync<{ releases: ReleaseScheduler }> = async (app, { releases }) => {
  const deps = articleDeps(app);
  // The article saves alone take the contract's 200,000 characters (the app's JSON limit is far smaller).
  const articleSave = { bodyLimit: articleBodyBytes };

  serve(
    app,
    routes.create,
    async ({ body, user, reply }) => {
      await checkArticleUploads(app.db, body);
      const created = await withSlugSuggestion(
        reply,
        () => body.slug ?? body.title,
        undefined,
        () => createArticle(deps, user.userId, body),
      );
      if ('sent' in created) return created.sent;
      releases.wake();
      void reply.header('etag', revisionEtag(created.written.revision));
      return created.written;
    },
    articleSave,
  );

  // a live article's save is a draft revision (decision 024); `If-Match` makes it conflict-safe, and a client
  // that sends none (written from the specification) saves unconditionally.
  serve(
    app,
    routes.save,
    async ({ params: { id }, query: { autosave }, body, user, request, reply }) => {
      await checkArticleUploads(app.db, body);
      const save = { authorId: user.userId, ifMatch: ifMatchOf(request), asDraft: true, fold: autosave === '1' };
      const saved = await withSlugSuggestion(
        reply,
        () => body.slug ?? body.title,
        id,
        () => updateArticle(deps, id, body, save),
      );
      if ('sent' in saved) return saved.sent;
      releases.wake();
      return savedAnswer(reply, saved.written);
    },
    articleSave,
  );

  serve(app, routes.publish, async ({ params: { id }, user, request, reply }) => {
    const published = await publishChanges(deps, id, { authorId: user.userId, ifMatch: ifMatchOf(request) });
    return savedAnswer(reply, published, 'changes_published');
  });

  serve(app, routes.remove, async ({ params: { id }, reply }) => {
    await deleteArticle(deps, id);
    return reply.status(204).send();
  });

  // conflict-safe like the text's save: a stale `If-Match` (someone saved the article since) is 412 `edit_conflict`.
  serve(app, routes.categoryStep, async ({ params: { id }, body, user, request, reply }) => {
    const patch = {
      categoryId: body.category,
      isPublished: body.isPublished,
      isLyrics: body.isLyrics,
      composer: body.composer,
      publishAt: body.publishAt,
    };
    const saved = await patchArticle(deps, id, patch, {
      authorId: user.userId,
      ifMatch: ifMatchOf(request),
      asDraft: true,
    });
    void reply.header('etag', revisionEtag(saved.revision));
    releases.wake();
    const scheduled = body.isPublished && body.publishAt && Date.parse(body.publishAt) > Date.now();
    return { message: scheduled ? 'article_scheduled' : 'article_saved', revision: saved.revision };
  });
};

/** The editor's reads: one article's newest text with its revision as the ETag, and the list (drafts too). */
export const articleReadRoutes: FastifyPluginAsync = async (app) => {
  serve(app, routes.read, async ({ params: { id }, reply }) => {
    const article = await editorArticle(app, id);
    void reply.header('etag', revisionEtag(article.revision)).header('cache-control', 'no-store');
    return article;
  });

  serve(app, routes.list, async ({ query: { lyrics, page, q, status } }) => {
    const { articles, hasMore } = await listEditorArticles(app.db, {
      lyricsOnly: lyrics === '1',
      page,
      size: editorPageSize,
      search: q,
      status,
    });
    return { articles, page, hasMore };
  });
};
