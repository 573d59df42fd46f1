import { uploadLimits } from '@papo/contract/editor';
import {
  affiliateLinkInput,
  albumCoverFields,
  albumPictureFields,
  storeUploadFields,
  type AlbumCoverSaved,
} from '@papo/contract/stores';
import { staffStoreRoutes as routes } from '@papo/contract/stores-staff';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { receiveForm, serve } from '../../lib/api-route.js';
import { httpError } from '../../lib/http-error.js';
import { addToLibrary, putImageOnRecord, removeFromLibrary, storeImage } from '../uploads/index.js';
import { articleDeps } from '../articles/index.js';
import { ifMatchOf, recordRevisionList, recordStamp, revisionEtag } from '../revisions/index.js';
import { listAlbums, listCategories } from './repo.js';
import {
  checkStoreVersion,
  createStore,
  descriptionOf,
  discardStoreChanges,
  editStore,
  loadStore,
  pictureFolder,
  pictureRules,
  placeSlotPicture,
  publishStoreChanges,
  removeSlot,
  restoreStore,
  saveCover,
  saveSlotLink,
  setPublishState,
  storeRevision,
  suggestDescription,
  type StoreSave,
} from './service.js';

const storeDeps = (app: FastifyInstance) => ({ db: app.db, dialect: app.dialect });
const withUploads = (app: FastifyInstance, request: FastifyRequest) => ({
  ...storeDeps(app),
  uploads: app.uploads,
  log: request.log,
});
const saverOf = (request: FastifyRequest, userId: number): StoreSave => ({
  authorId: userId,
  ifMatch: ifMatchOf(request),
});

/** The store as its editors read it, its version also as the ETag. */
async function storeDetail(app: FastifyInstance, id: number, reply: FastifyReply) {
  const { owner: _owner, ...store } = await loadStore(app.db, id);
  const stamp = await recordStamp(app.db, 'store', store.id);
  void reply.header('etag', revisionEtag(stamp.revision)).header('cache-control', 'no-store');
  return { ...store, description: await descriptionOf(app.db, store), ...stamp };
}

/**
 * The back office of shops and course stores: every write and staff read is staff only (anonymous 401,
 * member 403, before the body is read).
 */
export const staffStoreRoutes: FastifyPluginAsync = async (app) => {
  storeReadRoutes(app);
  storeHistoryRoutes(app);
  storeCatalogueRoutes(app);
  storeSlotRoutes(app);
  storeDescriptionRoutes(app);
};

/** The categories, the list and one store. */
function storeReadRoutes(app: FastifyInstance): void {
  serve(app, routes.categories, () => listCategories(app.db));

  serve(app, routes.list, async ({ query: { page, limit } }) => {
    const { albums, hasMore } = await listAlbums(app.db, page, limit);
    return { albums, page, hasMore };
  });

  serve(app, routes.album, ({ params, reply }) => storeDetail(app, params.id, reply));
  serve(app, routes.albumInfo, ({ params, reply }) => storeDetail(app, params.id, reply));
}

/**
 * The store's history (decision 028): every save with who and when, newest first; a restore; a published store's
 * unpublished changes made live or dropped.
 */
function storeHistoryRoutes(app: FastifyInstance): void {
  serve(app, routes.revisions, async ({ params, reply }) => {
    const store = await loadStore(app.db, params.id);
    void reply.header('cache-control', 'no-store');
    return recordRevisionList(app.db, 'store', store.id, 'name');
  });

  serve(app, routes.revision, ({ params, reply }) => {
    void reply.header('cache-control', 'no-store');
    return storeRevision(app.db, params.id, params.revision);
  });

  // A restore is a save (If-Match, 412 when stale) of the old fields as the newest revision; answers the store.
  serve(app, routes.restore, async ({ params: { id, revision }, user, request, reply }) => {
    const pictureExists = async (key: string) => (await app.uploads.head(key)) !== null;
    await restoreStore(withUploads(app, request), saverOf(request, user.userId), id, revision, pictureExists);
    return storeDetail(app, id, reply);
  });

  // A published store's unpublished changes (decision 028): made live, or dropped; each a save (If-Match, 412 when
  // stale) answering the store as its editors now see it. The commit forgets the kept pages that read it (db/changes.ts).
  serve(app, routes.publishChanges, async ({ params: { id }, user, request, reply }) => {
    await publishStoreChanges(withUploads(app, request), saverOf(request, user.userId), id);
    return storeDetail(app, id, reply);
  });
  serve(app, routes.discardChanges, async ({ params: { id }, user, request, reply }) => {
    await discardStoreChanges(withUploads(app, request), saverOf(request, user.userId), id);
    return storeDetail(app, id, reply);
  });
}

/** A new store, its fields and whether it is published. */
function storeCatalogueRoutes(app: FastifyInstance): void {
  const deps = storeDeps(app);
  serve(app, routes.addAlbum, async ({ body, user }) => ({
    ...(await createStore(app.db, user.userId, 'shop', body)),
    message: 'album_created',
  }));

  serve(app, routes.addCourseStore, async ({ body, user }) => ({
    ...(await createStore(app.db, user.userId, 'course', body)),
    message: 'course_store_created',
  }));

  serve(app, routes.edit, async ({ params: { id }, body, user, request, reply }) => {
    const { slug, revision } = await editStore(deps, saverOf(request, user.userId), id, body);
    void reply.header('etag', revisionEtag(revision));
    return { slug, message: 'album_saved', revision };
  });

  serve(app, routes.publishState, async ({ body, user, request, reply }) => {
    const revision = await setPublishState(deps, saverOf(request, user.userId), body.album_id, body.is_published);
    void reply.header('etag', revisionEtag(revision));
    return { published: body.is_published, revision };
  });
}

/** A store's slots (picture, link, removal) and its cover: each a save with If-Match, 412 when stale. */
function storeSlotRoutes(app: FastifyInstance): void {
  const deps = storeDeps(app);
  serve(
    app,
    routes.picture,
    async ({ user, request, reply }) => {
      // the fields and the store are checked before the picture is stored: a refused request leaves no file.
      const { fields, bytes } = await receiveForm(request, albumPictureFields, {
        field: storeUploadFields.picture,
        maxBytes: uploadLimits.bytes,
      });
      const { album_id: id, position } = fields;
      if (!bytes) throw httpError(400, 'file_required', { [storeUploadFields.picture]: ['file_required'] });
      const save = saverOf(request, user.userId);
      await loadStore(app.db, id);
      await checkStoreVersion(app.db, id, save.ifMatch);
      return putImageOnRecord({
        storage: app.uploads,
        field: storeUploadFields.picture,
        log: request.log,
        store: () => storeImage(app.uploads, pictureFolder, bytes, pictureRules),
        commit: async (image) => {
          const { revision, unused } = await placeSlotPicture(deps, save, id, position, image);
          void reply.header('etag', revisionEtag(revision));
          return { result: { imageUrl: image.key, thumbnail: image.thumbnail, position, revision }, unused };
        },
      });
    },
    { preHandler: app.uploadLimit },
  );

  serve(app, routes.affiliateLink, async ({ user, request, reply }) => {
    const { fields: link } = await receiveForm(request, affiliateLinkInput);
    const revision = await saveSlotLink(deps, saverOf(request, user.userId), link.album_id, link.position, link);
    void reply.header('etag', revisionEtag(revision));
    return { position: link.position, actionUrl: link.actionUrl, description: link.description, revision };
  });

  serve(app, routes.deleteItem, async ({ body, user, request, reply }) => {
    const revision = await removeSlot(
      withUploads(app, request),
      saverOf(request, user.userId),
      body.album_id,
      body.position,
    );
    void reply.header('etag', revisionEtag(revision));
    return { position: body.position, revision };
  });

  serve(
    app,
    routes.cover,
    async ({ user: { userId }, request, reply }) => {
      const save = saverOf(request, userId);
      const { fields, bytes } = await receiveForm(request, albumCoverFields, {
        field: storeUploadFields.cover,
        maxBytes: uploadLimits.bytes,
      });
      const { album_id: id, description } = fields;
      await loadStore(app.db, id);
      const saved = async (cover?: string): Promise<AlbumCoverSaved> => {
        const revision = await saveCover(deps, save, id, description, cover);
        void reply.header('etag', revisionEtag(revision));
        return { message: 'cover_saved', cover: cover ?? null, revision };
      };
      if (!bytes) return saved();
      await checkStoreVersion(app.db, id, save.ifMatch);
      // the cover joins the image library (decision 018), so the cover it replaces stays there for other uses.
      return putImageOnRecord({
        storage: app.uploads,
        field: storeUploadFields.cover,
        log: request.log,
        store: async () => (await addToLibrary(app.db, app.uploads, bytes, pictureRules, userId)).image,
        commit: async (image) => ({ result: await saved(image.key), unused: [] }),
        takeBack: (image) => removeFromLibrary(app.db, app.uploads, image.key),
      });
    },
    { preHandler: app.uploadLimit },
  );
}

/** A description suggested by the language model from the store's pictures and links. */
function storeDescriptionRoutes(app: FastifyInstance): void {
  serve(app, routes.suggestDescription, async ({ params: { id }, user, request }) =>
    suggestDescription(
      {
        articles: articleDeps(app),
        provider: {
          url: app.config.LLM_URL,
          apiKey: app.config.LLM_API_KEY,
          log: (failure) => request.log.warn({ failure }, 'store description provider failed'),
        },
      },
      user.userId,
      id,
    ),
  );
}
