import { coverTypes, uploadFields } from '@papo/contract/editor';
import { articleCoverRoutes as routes } from '@papo/contract/editor-articles';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/api-route.js';
import { httpError } from '../../lib/http-error.js';
import { articleDeps, findArticleById, patchArticle } from '../articles/index.js';
import { conflict, findHeads, ifMatchHolds, ifMatchOf, revisionEtag } from '../revisions/index.js';
import {
  addToLibrary,
  type ImageRules,
  libraryRules,
  putImageOnRecord,
  removeFromLibrary,
  requireStaffUploads,
} from '../uploads/index.js';
import { readCoverUpload } from './cover-upload.js';

/** Covers take WebP too. */
const coverRules: ImageRules = { ...libraryRules, formats: ['jpeg', 'png', 'webp'] };
// Keep the contract's list and the server's rules saying the same thing.
if (coverTypes.length !== coverRules.formats.length)
  throw new Error('cover formats differ between contract and server');

/**
 * The cover step: a library image picked, or a picture uploaded into the library with its description. It goes live
 * at once, as the wizard's last step (decision 024), unless text changes of the live article wait for "Publicar
 * alterações": then the cover waits with them (it never publishes them).
 */
export const coverRoutes: FastifyPluginAsync = async (app) => {
  const deps = articleDeps(app);
  const hasPendingChanges = async (id: number) => {
    const heads = await findHeads(app.db, id);
    return heads !== undefined && heads.head !== heads.live;
  };

  // conflict-safe like the text's save: a stale `If-Match` is 412 `edit_conflict` and the cover is not changed.
  serve(app, routes.pick, async ({ params: { id }, body: { cover }, user, request, reply }) => {
    await requireStaffUploads(app.db, [cover], 'cover');
    const saved = await patchArticle(
      deps,
      id,
      { cover },
      { authorId: user.userId, ifMatch: ifMatchOf(request), asDraft: await hasPendingChanges(id) },
    );
    void reply.header('etag', revisionEtag(saved.revision));
    return { message: 'cover_saved', revision: saved.revision };
  });

  serve(
    app,
    routes.upload,
    async ({ user: { userId }, request, reply }) => {
      const ifMatch = ifMatchOf(request);
      // the fields, the article and its version are checked before the file is stored: a refused request
      // leaves no file. The save checks the version again under the article's lock (a save may land meanwhile).
      const { id, description, bytes } = await readCoverUpload(request);
      if (!(await findArticleById(app.db, id))) throw httpError(404, 'article_not_found');
      const heads = await findHeads(app.db, id);
      if (heads && !ifMatchHolds(ifMatch, heads.head)) conflict();
      // the description is saved as sent (an empty one clears it); the file only when one was chosen.
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
    { preHandler: app.uploadLimit },
  );
};
