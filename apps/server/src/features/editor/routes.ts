import { articleInput } from '@papo/contract/article-schemas';
import {
  articleIdParams,
  categoryEditInput,
  coverDescription,
  coverEditInput,
  articleBodyBytes,
  articleSaveQuery,
  coverTypes,
  editorLatestQuery,
  editorPageSize,
  uploadFields,
  uploadLimits,
  type ArticleCreated,
  type ArticleRevision,
  type ArticleRevisionList,
  type ArticleSaved,
  type EditorArticle,
  type EditorArticlePage,
  type CategorySaved,
  type ArticleCoverSaved,
} from '@papo/contract/editor';
import { isRecord } from '@papo/contract/records';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { currentUser, requireStaff } from '../../lib/guard.js';
import { HttpError, httpError, parseBody, parseParamsOr, parseQuery } from '../../lib/http-error.js';
import {
  addToLibrary,
  type ImageRules,
  libraryRules,
  putImageOnRecord,
  removeFromLibrary,
  requireStaffUploads,
} from '../uploads/index.js';
import { receiveOneFile } from '../../lib/multipart.js';
import {
  type SavedArticle,
  articleDeps,
  articleInputOf,
  createArticle,
  deleteArticle,
  findArticleById,
  patchArticle,
  publishChanges,
  publishState,
  suggestSlug,
  updateArticle,
} from '../articles/index.js';
import {
  conflict,
  findHeads,
  findRevision,
  ifMatchHolds,
  ifMatchOf,
  listRevisions,
  revisionEtag,
  revisionIdOf,
} from '../revisions/index.js';
import { libraryRoutes } from './library.js';
import type { Resolver } from '../../lib/outbound-address.js';
import { previewRoutes } from './draft-preview.js';
import { listEditorArticles } from './repo.js';
import type { ReleaseScheduler } from './release.js';

/** Covers take WebP too. */
const coverRules: ImageRules = { ...libraryRules, formats: ['jpeg', 'png', 'webp'] };
// Keep the contract's list and the server's rules saying the same thing.
if (coverTypes.length !== coverRules.formats.length)
  throw new Error('cover formats differ between contract and server');

/** A numeric path id; anything else is 400 `invalid_id` (the category editor acts only on numeric ids). */
function articleIdOf(params: unknown): number {
  return parseParamsOr(articleIdParams, params, 400, 'invalid_id').id;
}

/** A save's answer: the new revision as the ETag too, so the editor's next save names it. */
function savedAnswer(reply: FastifyReply, saved: SavedArticle, message?: ArticleSaved['message']): ArticleSaved {
  void reply.header('etag', revisionEtag(saved.revision));
  return {
    slug: saved.slug,
    liveSlug: saved.liveSlug,
    revision: saved.revision,
    pendingChanges: saved.pendingChanges,
    message: message ?? (saved.pendingChanges ? 'draft_saved' : 'article_saved'),
  };
}

/** An upload key named in an article's HTML (`/uploads/library/<hex>.png`, or the same on the site's origin). */
const uploadInHtml = /\/uploads\/([a-z]+\/[a-f0-9]{32}\.[a-z]+)/g;

/**
 * Every upload an article save names — cover, image list and images in the body — must be a staff upload of the
 * library (400 `upload_not_found` under the field otherwise): an article never shows a file its author could not pick.
 */
async function checkArticleUploads(db: FastifyInstance['db'], body: unknown): Promise<void> {
  if (!isRecord(body)) return;
  const { cover, images, content } = body;
  if (typeof cover === 'string' && cover) await requireStaffUploads(db, [cover], 'cover');
  if (Array.isArray(images))
    await requireStaffUploads(
      db,
      images.filter((key): key is string => typeof key === 'string'),
      'images',
    );
  if (typeof content === 'string')
    await requireStaffUploads(
      db,
      [...content.matchAll(uploadInHtml)].flatMap((match) => match[1] ?? []),
      'content',
    );
}

/** A slug clash answers 409 with a free slug to offer. */
async function withSlugSuggestion<T>(
  reply: FastifyReply,
  wanted: () => string,
  exceptId: number | undefined,
  write: () => Promise<T>,
): Promise<T | FastifyReply> {
  try {
    return await write();
  } catch (error) {
    if (!(error instanceof HttpError) || error.key !== 'slug_taken') throw error;
    const suggestion = await suggestSlug(articleDeps(reply.server), wanted(), exceptId);
    return reply.status(409).send({ message: 'slug_taken', errors: { slug: ['slug_taken'] }, suggestion });
  }
}

/**
 * The article back office: staff only, whatever the client sends (anonymous 401, member
 * 403, checked before the body is read). Writes go through the articles service, so slugs, sanitising
 * and the search index follow the same rules as everywhere.
 */
export const editorRoutes: FastifyPluginAsync<{ releases: ReleaseScheduler; resolve?: Resolver }> = async (
  app,
  opts,
) => {
  const deps = articleDeps(app);
  const staff = { onRequest: requireStaff };
  // The article saves alone take the contract's 200,000 characters (the app's JSON limit is far smaller).
  const articleSave = { onRequest: requireStaff, bodyLimit: articleBodyBytes };
  await app.register(previewRoutes);
  await app.register(libraryRoutes, { resolve: opts.resolve });
  /**
   * The cover step goes live at once, as the wizard's last step (decision 024), unless text changes of the live
   * article wait for "Publicar alterações": then the cover waits with them (it never publishes them).
   */
  const hasPendingChanges = async (id: number) => {
    const heads = await findHeads(app.db, id);
    return heads !== undefined && heads.head !== heads.live;
  };

  app.post('/api/editor/articles', articleSave, async (request, reply) => {
    await checkArticleUploads(app.db, request.body);
    const body = parseBody(articleInput, request.body);
    const created = await withSlugSuggestion(
      reply,
      () => body.slug ?? body.title,
      undefined,
      () => createArticle(deps, currentUser(request).userId, body),
    );
    if ('sent' in created) return created;
    opts.releases.wake();
    void reply.header('etag', revisionEtag(created.revision));
    return reply.status(201).send(created satisfies ArticleCreated);
  });

  // NOTE: a live article's save is a draft revision (decision 024); `If-Match` makes it conflict-safe, and a client
  // that sends none (written from the specification) saves unconditionally.
  app.put('/api/editor/articles/:id', articleSave, async (request, reply) => {
    const id = articleIdOf(request.params);
    await checkArticleUploads(app.db, request.body);
    const body = parseBody(articleInput, request.body);
    const { autosave } = parseQuery(articleSaveQuery, request.query);
    const save = {
      authorId: currentUser(request).userId,
      ifMatch: ifMatchOf(request),
      asDraft: true,
      fold: autosave === '1',
    };
    const saved = await withSlugSuggestion(
      reply,
      () => body.slug ?? body.title,
      id,
      () => updateArticle(deps, id, body, save),
    );
    if ('sent' in saved) return saved;
    opts.releases.wake();
    return savedAnswer(reply, saved);
  });

  app.post('/api/editor/articles/:id/publish', staff, async (request, reply) => {
    const id = articleIdOf(request.params);
    const published = await publishChanges(deps, id, {
      authorId: currentUser(request).userId,
      ifMatch: ifMatchOf(request),
    });
    return savedAnswer(reply, published, 'changes_published');
  });

  app.get('/api/editor/articles/:id/revisions', staff, async (request): Promise<ArticleRevisionList> => {
    const id = articleIdOf(request.params);
    const heads = await findHeads(app.db, id);
    if (!heads) throw httpError(404, 'article_not_found');
    return { revisions: await listRevisions(app.db, id, heads) };
  });

  app.get('/api/editor/articles/:id/revisions/:revision', staff, async (request): Promise<ArticleRevision> => {
    const id = articleIdOf(request.params);
    const heads = await findHeads(app.db, id);
    if (!heads) throw httpError(404, 'article_not_found');
    const revision = await findRevision(app.db, id, revisionIdOf(request.params), heads);
    if (!revision) throw httpError(404, 'revision_not_found');
    return revision;
  });

  // Restoring writes the old text as the newest revision (nothing is lost: the current one stays in the history).
  app.post('/api/editor/articles/:id/revisions/:revision/restore', staff, async (request, reply) => {
    const id = articleIdOf(request.params);
    const revisionId = revisionIdOf(request.params);
    const heads = await findHeads(app.db, id);
    const revision = heads && (await findRevision(app.db, id, revisionId, heads));
    if (!revision) throw httpError(404, heads ? 'revision_not_found' : 'article_not_found');
    const save = {
      authorId: currentUser(request).userId,
      ifMatch: ifMatchOf(request),
      restoredFrom: revisionId,
      asDraft: true,
    };
    const text = { ...revision, images: JSON.stringify(revision.images) };
    const saved = await withSlugSuggestion(
      reply,
      () => revision.slug,
      id,
      () => patchArticle(deps, id, articleInputOf(text), save),
    );
    if ('sent' in saved) return saved;
    return savedAnswer(reply, saved);
  });

  app.delete('/api/editor/articles/:id', staff, async (request, reply) => {
    await deleteArticle(deps, articleIdOf(request.params));
    return reply.status(204).send();
  });

  // The editor reads the newest text (a live article's pending changes included) and its revision as the ETag.
  app.get('/api/articles/:id', staff, async (request, reply): Promise<EditorArticle> => {
    const id = articleIdOf(request.params);
    const row = await findArticleById(app.db, id);
    if (!row) throw httpError(404, 'article_not_found');
    const heads = (await findHeads(app.db, id)) ?? (await patchArticle(deps, id, {}).then(() => findHeads(app.db, id)));
    const head = heads && (await findRevision(app.db, id, heads.head, heads));
    if (!heads || !head) throw httpError(404, 'article_not_found');
    void reply.header('etag', revisionEtag(heads.head)).header('cache-control', 'no-store');
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
      linkedStores: (
        await app.db.selectFrom('stores').select('name').where('article_id', '=', id).orderBy('name').execute()
      ).map((store) => store.name),
    };
  });

  app.get('/api/editor_latest', staff, async (request): Promise<EditorArticlePage> => {
    const { lyrics, page, q, status } = parseQuery(editorLatestQuery, request.query);
    const { articles, hasMore } = await listEditorArticles(app.db, {
      lyricsOnly: lyrics === '1',
      page,
      size: editorPageSize,
      search: q,
      status,
    });
    return { articles, page, hasMore };
  });

  // NOTE: conflict-safe like the text's save: a stale `If-Match` (someone saved the article since) is 412 `edit_conflict`.
  app.put('/api/editor_edit2/:id', staff, async (request, reply): Promise<CategorySaved> => {
    const id = articleIdOf(request.params);
    const input = parseBody(categoryEditInput, request.body);
    const patch = {
      categoryId: input.category,
      isPublished: input.isPublished,
      isLyrics: input.isLyrics,
      composer: input.composer,
      publishAt: input.publishAt,
    };
    const saved = await patchArticle(deps, id, patch, {
      authorId: currentUser(request).userId,
      ifMatch: ifMatchOf(request),
      asDraft: true,
    });
    void reply.header('etag', revisionEtag(saved.revision));
    opts.releases.wake();
    const scheduled = input.isPublished && input.publishAt && Date.parse(input.publishAt) > Date.now();
    return { message: scheduled ? 'article_scheduled' : 'article_saved', revision: saved.revision };
  });

  // NOTE: conflict-safe like the text's save: a stale `If-Match` is 412 `edit_conflict` and the cover is not changed.
  app.put('/api/editor_edit_cover/:id', staff, async (request, reply): Promise<ArticleCoverSaved> => {
    const id = articleIdOf(request.params);
    const { cover } = parseBody(coverEditInput, request.body);
    await requireStaffUploads(app.db, [cover], 'cover');
    const saved = await patchArticle(
      deps,
      id,
      { cover },
      { authorId: currentUser(request).userId, ifMatch: ifMatchOf(request), asDraft: await hasPendingChanges(id) },
    );
    void reply.header('etag', revisionEtag(saved.revision));
    return { message: 'cover_saved', revision: saved.revision };
  });

  app.post(
    '/api/uploadArticleCover',
    { ...staff, preHandler: app.uploadLimit },
    async (request, reply): Promise<ArticleCoverSaved> => {
      const { userId } = currentUser(request);
      const ifMatch = ifMatchOf(request);
      // NOTE: the fields, the article and its version are checked before the file is stored: a refused request
      // leaves no file. The save checks the version again under the article's lock (a save may land meanwhile).
      const { fields, bytes } = await receiveOneFile(request, {
        field: uploadFields.cover,
        maxBytes: uploadLimits.bytes,
      });
      const id = articleIdOf({ id: fields[uploadFields.articleId] });
      const description = parseBody(coverDescription, fields[uploadFields.description] ?? '');
      if (!(await findArticleById(app.db, id))) throw httpError(404, 'article_not_found');
      const heads = await findHeads(app.db, id);
      if (heads && !ifMatchHolds(ifMatch, heads.head)) conflict();
      // NOTE: the description is saved as sent (an empty one clears it); the file only when one was chosen.
      const save = { authorId: userId, ifMatch, asDraft: heads !== undefined && heads.head !== heads.live };
      const saved = !bytes
        ? await patchArticle(deps, id, { description }, save)
        : await putImageOnRecord({
            storage: app.uploads,
            field: uploadFields.cover,
            log: request.log,
            store: async () => (await addToLibrary(app.db, app.uploads, bytes, coverRules, userId)).image,
            commit: async (image) => ({
              result: await patchArticle(deps, id, { cover: image.key, description }, save),
              unused: [],
            }),
            takeBack: (image) => removeFromLibrary(app.db, app.uploads, image.key),
          });
      void reply.header('etag', revisionEtag(saved.revision));
      return { message: 'cover_saved', revision: saved.revision };
    },
  );
};
