import type { ArticleInput } from '@papo/contract/article-schemas';
import {
  categoryEditInput,
  coverDescription,
  coverEditInput,
  coverTypes,
  editorLatestQuery,
  editorPageSize,
  uploadFields,
  uploadLimits,
  type ArticleCreated,
  type ArticleSaved,
  type EditorArticle,
  type EditorArticlePage,
  type EditorMessage,
} from '@papo/contract/editor';
import { idParam } from '@papo/contract/ids';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { currentUser, requireStaff } from '../../lib/guard.js';
import { HttpError, httpError, parseBody, parseQuery } from '../../lib/http-error.js';
import { putImageOnRecord, receiveOneFile, type ImageRules } from '../../lib/uploads.js';
import { findArticleById } from '../articles/repo.js';
import { articleDeps, createArticle, deleteArticle, patchArticle, suggestSlug, updateArticle } from '../articles/service.js';
import { publishState } from '../articles/view.js';
import { parseTextList } from '../../db/values.js';
import { isInLibrary } from '../uploads/repo.js';
import { addToLibrary, libraryRules, removeFromLibrary } from '../uploads/service.js';
import { listEditorArticles } from './repo.js';
import type { ReleaseScheduler } from './release.js';

/** Covers take WebP too (issue 13). */
const coverRules: ImageRules = { ...libraryRules, formats: ['jpeg', 'png', 'webp'] };
// Keep the contract's list and the server's rules saying the same thing.
if (coverTypes.length !== coverRules.formats.length) throw new Error('cover formats differ between contract and server');

/** A numeric path id; anything else is 400 `invalid_id` (the category editor acts only on numeric ids). */
function articleIdOf(params: unknown): number {
  const parsed = idParam().safeParse((params as { id?: unknown }).id);
  if (!parsed.success) throw httpError(400, 'invalid_id');
  return parsed.data;
}

/** A slug clash answers 409 with a free slug to offer. */
async function withSlugSuggestion<T>(reply: FastifyReply, wanted: () => string, exceptId: number | undefined, write: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await write();
  } catch (error) {
    if (!(error instanceof HttpError) || error.key !== 'slug_taken') throw error;
    const suggestion = await suggestSlug(articleDeps(reply.server), wanted(), exceptId);
    return reply.status(409).send({ message: 'slug_taken', errors: { slug: ['slug_taken'] }, suggestion });
  }
}

/**
 * The article back office (issue 13): staff only, whatever the client sends (anonymous 401, member
 * 403, checked before the body is read). Writes go through the articles service, so slugs, sanitising
 * and the search index follow the same rules as everywhere.
 */
export const editorRoutes: FastifyPluginAsync<{ releases: ReleaseScheduler }> = async (app, opts) => {
  const deps = articleDeps(app);
  const staff = { onRequest: requireStaff };

  app.post('/api/editor/articles', staff, async (request, reply) => {
    const body = request.body as ArticleInput;
    const created = await withSlugSuggestion(reply, () => body.slug ?? body.title, undefined, () =>
      createArticle(deps, currentUser(request).userId, body),
    );
    if ('sent' in created) return created;
    opts.releases.wake();
    return reply.status(201).send(created satisfies ArticleCreated);
  });

  app.put('/api/editor/articles/:id', staff, async (request, reply) => {
    const id = articleIdOf(request.params);
    const body = request.body as ArticleInput;
    const saved = await withSlugSuggestion(reply, () => body.slug ?? body.title, id, () => updateArticle(deps, id, body));
    if ('sent' in saved) return saved;
    opts.releases.wake();
    return { slug: saved.slug, message: 'article_saved' } satisfies ArticleSaved;
  });

  app.delete('/api/editor/articles/:id', staff, async (request, reply) => {
    await deleteArticle(deps, articleIdOf(request.params));
    return reply.status(204).send();
  });

  app.get('/api/articles/:id', staff, async (request): Promise<EditorArticle> => {
    const row = await findArticleById(app.db, articleIdOf(request.params));
    if (!row) throw httpError(404, 'article_not_found');
    return {
      id: row.id,
      title: row.title,
      slug: row.slug,
      content: row.content,
      cover: row.cover,
      description: row.description,
      category: row.category_id,
      ...publishState(row),
      youtube: row.youtube,
      images: parseTextList(row.images),
      publishAt: row.publish_at,
      publishedAt: row.published_at,
      updatedAt: row.updated_at,
    };
  });

  app.get('/api/editor_latest', staff, async (request): Promise<EditorArticlePage> => {
    const { lyrics, page } = parseQuery(editorLatestQuery, request.query);
    const { articles, hasMore } = await listEditorArticles(app.db, { lyricsOnly: lyrics === '1', page, size: editorPageSize });
    return { articles, page, hasMore };
  });

  app.put('/api/editor_edit2/:id', staff, async (request): Promise<EditorMessage> => {
    const id = articleIdOf(request.params);
    const input = parseBody(categoryEditInput, request.body);
    await patchArticle(deps, id, { categoryId: input.category, isPublished: input.isPublished, isLyrics: input.isLyrics, publishAt: input.publishAt });
    opts.releases.wake();
    return { message: input.isPublished && input.publishAt && Date.parse(input.publishAt) > Date.now() ? 'article_scheduled' : 'article_saved' };
  });

  app.put('/api/editor_edit_cover/:id', staff, async (request): Promise<EditorMessage> => {
    const id = articleIdOf(request.params);
    const { cover } = parseBody(coverEditInput, request.body);
    if (!(await isInLibrary(app.db, cover))) throw httpError(400, 'upload_not_found', { cover: ['upload_not_found'] });
    await patchArticle(deps, id, { cover });
    return { message: 'cover_saved' };
  });

  app.post('/api/uploadArticleCover', staff, async (request): Promise<EditorMessage> => {
    const { userId } = currentUser(request);
    // NOTE: the fields and the article are checked before the file is stored: a refused request leaves no file.
    const { fields, bytes } = await receiveOneFile(request, { field: uploadFields.cover, maxBytes: uploadLimits.bytes });
    const id = articleIdOf({ id: fields[uploadFields.articleId] });
    const description = parseBody(coverDescription, fields[uploadFields.description] ?? '');
    if (!(await findArticleById(app.db, id))) throw httpError(404, 'article_not_found');
    // NOTE: the description is saved as sent (an empty one clears it); the file only when one was chosen.
    if (!bytes) await patchArticle(deps, id, { description });
    else {
      await putImageOnRecord({
        storage: app.uploads,
        field: uploadFields.cover,
        log: request.log,
        store: async () => (await addToLibrary(app.db, app.uploads, bytes, coverRules, userId)).image,
        commit: async (image) => ({ result: await patchArticle(deps, id, { cover: image.key, description }), unused: [] }),
        takeBack: (image) => removeFromLibrary(app.db, app.uploads, image.key),
      });
    }
    return { message: 'cover_saved' };
  });
};
