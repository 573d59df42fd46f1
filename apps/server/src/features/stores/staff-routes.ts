import { uploadLimits, type RecordRevisionList } from '@papo/contract/editor';
import {
  affiliateLinkInput,
  albumAddInput,
  albumCoverFields,
  albumEditInput,
  albumIdParams,
  albumPictureFields,
  courseStoreAddInput,
  deleteItemInput,
  publishStateInput,
  storePageQuery,
  storeUploadFields,
  type AlbumCreated,
  type AlbumDetail,
  type AlbumPage,
  type AlbumRevisionView,
  type AlbumCoverSaved,
  type AlbumSaved,
  type SuggestedDescription,
} from '@papo/contract/stores';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { currentUser, requireStaff } from '../../lib/guard.js';
import { httpError, parseBody, parseParams, parseQuery } from '../../lib/http-error.js';
import { addToLibrary, putImageOnRecord, removeFromLibrary, storeImage } from '../uploads/index.js';
import { readMultipart, receiveOneFile } from '../../lib/multipart.js';
import { articleDeps } from '../articles/index.js';
import { ifMatchOf, recordRevisionList, recordStamp, revisionEtag, revisionIdOf } from '../revisions/index.js';
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

/**
 * The back office of shops and course stores: every write and staff read is staff only (anonymous 401,
 * member 403, before the body is read).
 */
export const staffStoreRoutes: FastifyPluginAsync = async (app) => {
  const staff = { onRequest: requireStaff };
  const deps = { db: app.db, dialect: app.dialect };
  const withUploads = (request: FastifyRequest) => ({ ...deps, uploads: app.uploads, log: request.log });
  const saverOf = (request: FastifyRequest): StoreSave => ({
    authorId: currentUser(request).userId,
    ifMatch: ifMatchOf(request),
  });

  app.get('/api/album-categories', staff, async () => listCategories(app.db));

  app.get('/api/albums', staff, async (request): Promise<AlbumPage> => {
    const { page, limit } = parseQuery(storePageQuery, request.query);
    const { albums, hasMore } = await listAlbums(app.db, page, limit);
    return { albums, page, hasMore };
  });

  const detail = async (request: FastifyRequest, reply: FastifyReply): Promise<AlbumDetail> => {
    const { owner: _owner, ...store } = await loadStore(app.db, parseParams(albumIdParams, request.params).id);
    const stamp = await recordStamp(app.db, 'store', store.id);
    void reply.header('etag', revisionEtag(stamp.revision)).header('cache-control', 'no-store');
    return { ...store, description: await descriptionOf(app.db, store), ...stamp };
  };
  app.get('/api/album/:id', staff, detail);
  app.get('/api/albumInfo/:id', staff, detail);

  // The store's history (decision 028): every save with who and when, newest first.
  app.get('/api/album/:id/revisions', staff, async (request, reply): Promise<RecordRevisionList> => {
    const store = await loadStore(app.db, parseParams(albumIdParams, request.params).id);
    void reply.header('cache-control', 'no-store');
    return recordRevisionList(app.db, 'store', store.id, 'name');
  });

  app.get('/api/album/:id/revisions/:revision', staff, async (request, reply): Promise<AlbumRevisionView> => {
    const { id } = parseParams(albumIdParams, request.params);
    void reply.header('cache-control', 'no-store');
    return storeRevision(app.db, id, revisionIdOf(request.params));
  });

  // A restore is a save (If-Match, 412 when stale) of the old fields as the newest revision; answers the store.
  app.post('/api/album/:id/revisions/:revision/restore', staff, async (request, reply): Promise<AlbumDetail> => {
    const { id } = parseParams(albumIdParams, request.params);
    const pictureExists = async (key: string) => (await app.uploads.head(key)) !== null;
    await restoreStore(withUploads(request), saverOf(request), id, revisionIdOf(request.params), pictureExists);
    return detail(request, reply);
  });

  // A published store's unpublished changes (decision 028): made live, or dropped; each a save (If-Match, 412 when
  // stale) answering the store as its editors now see it. Any write forgets the kept pages (ssr/page-cache.ts).
  app.post('/api/album/:id/publish-changes', staff, async (request, reply): Promise<AlbumDetail> => {
    await publishStoreChanges(withUploads(request), saverOf(request), parseParams(albumIdParams, request.params).id);
    return detail(request, reply);
  });
  app.delete('/api/album/:id/changes', staff, async (request, reply): Promise<AlbumDetail> => {
    await discardStoreChanges(withUploads(request), saverOf(request), parseParams(albumIdParams, request.params).id);
    return detail(request, reply);
  });

  app.post('/api/album/add', staff, async (request, reply) => {
    const created = await createStore(
      app.db,
      currentUser(request).userId,
      'shop',
      parseBody(albumAddInput, request.body),
    );
    return reply.status(201).send({ ...created, message: 'album_created' } satisfies AlbumCreated);
  });

  app.post('/api/courseStore/add', staff, async (request, reply) => {
    const created = await createStore(
      app.db,
      currentUser(request).userId,
      'course',
      parseBody(courseStoreAddInput, request.body),
    );
    return reply.status(201).send({ ...created, message: 'course_store_created' } satisfies AlbumCreated);
  });

  app.put('/api/album_edit/:id', staff, async (request, reply): Promise<AlbumSaved> => {
    const { id } = parseParams(albumIdParams, request.params);
    const { slug, revision } = await editStore(deps, saverOf(request), id, parseBody(albumEditInput, request.body));
    void reply.header('etag', revisionEtag(revision));
    return { slug, message: 'album_saved', revision };
  });

  app.post('/api/save-publish-state', staff, async (request, reply) => {
    const input = parseBody(publishStateInput, request.body);
    const revision = await setPublishState(deps, saverOf(request), input.album_id, input.is_published);
    void reply.header('etag', revisionEtag(revision));
    return { published: input.is_published, revision };
  });

  app.post('/api/upload-album-picture', { ...staff, preHandler: app.uploadLimit }, async (request, reply) => {
    // NOTE: the fields and the store are checked before the picture is stored: a refused request leaves no file.
    const { fields, bytes } = await receiveOneFile(request, {
      field: storeUploadFields.picture,
      maxBytes: uploadLimits.bytes,
    });
    const { album_id: id, position } = parseBody(albumPictureFields, fields);
    if (!bytes) throw httpError(400, 'file_required', { [storeUploadFields.picture]: ['file_required'] });
    await loadStore(app.db, id);
    await checkStoreVersion(app.db, id, saverOf(request).ifMatch);
    return putImageOnRecord({
      storage: app.uploads,
      field: storeUploadFields.picture,
      log: request.log,
      store: () => storeImage(app.uploads, pictureFolder, bytes, pictureRules),
      commit: async (image) => {
        const { revision, unused } = await placeSlotPicture(deps, saverOf(request), id, position, image);
        void reply.header('etag', revisionEtag(revision));
        return { result: { imageUrl: image.key, thumbnail: image.thumbnail, position, revision }, unused };
      },
    });
  });

  app.post('/api/save-affiliate-link', staff, async (request, reply) => {
    const body = request.isMultipart()
      ? await readMultipart(request, { fileField: '', maxBytes: 1, maxFiles: 0, onFile: async () => undefined })
      : request.body;
    const input = parseBody(affiliateLinkInput, body);
    const revision = await saveSlotLink(deps, saverOf(request), input.album_id, input.position, input);
    void reply.header('etag', revisionEtag(revision));
    return { position: input.position, actionUrl: input.actionUrl, description: input.description, revision };
  });

  app.post('/api/delete-item', staff, async (request, reply) => {
    const input = parseBody(deleteItemInput, request.body);
    const revision = await removeSlot(withUploads(request), saverOf(request), input.album_id, input.position);
    void reply.header('etag', revisionEtag(revision));
    return { position: input.position, revision };
  });

  app.post('/api/uploadAlbumCover', { ...staff, preHandler: app.uploadLimit }, async (request, reply) => {
    const { userId } = currentUser(request);
    const save = saverOf(request);
    const { fields, bytes } = await receiveOneFile(request, {
      field: storeUploadFields.cover,
      maxBytes: uploadLimits.bytes,
    });
    const { album_id: id, description } = parseBody(albumCoverFields, fields);
    await loadStore(app.db, id);
    const saved = async (cover?: string): Promise<AlbumCoverSaved> => {
      const revision = await saveCover(deps, save, id, description, cover);
      void reply.header('etag', revisionEtag(revision));
      return { message: 'cover_saved', cover: cover ?? null, revision };
    };
    if (!bytes) return saved();
    await checkStoreVersion(app.db, id, save.ifMatch);
    // NOTE: the cover joins the image library (decision 018), so the cover it replaces stays there for other uses.
    return putImageOnRecord({
      storage: app.uploads,
      field: storeUploadFields.cover,
      log: request.log,
      store: async () => (await addToLibrary(app.db, app.uploads, bytes, pictureRules, userId)).image,
      commit: async (image) => ({ result: await saved(image.key), unused: [] }),
      takeBack: (image) => removeFromLibrary(app.db, app.uploads, image.key),
    });
  });

  app.post('/api/album/:id/suggestStoreDescription', staff, async (request): Promise<SuggestedDescription> => {
    const { id } = parseParams(albumIdParams, request.params);
    return suggestDescription(
      {
        articles: articleDeps(app),
        provider: {
          url: app.config.LLM_URL,
          apiKey: app.config.LLM_API_KEY,
          log: (failure) => request.log.warn({ failure }, 'store description provider failed'),
        },
      },
      currentUser(request).userId,
      id,
    );
  });
};
