import { z } from 'zod';
import { apiRoute, multipartBody } from './api-route.js';
import { idParam, revisionNotFound } from './ids.js';
import { recordRevisionListAnswer, revisionStampAnswer } from './record-revisions.js';
import {
  albumAddInput,
  albumEditInput,
  albumIdParams,
  courseStoreAddInput,
  deleteItemInput,
  publishStateInput,
  storeCountries,
  storeKinds,
  storePageQuery,
  storeSlotAnswer,
  type AlbumCategory,
  type AlbumCoverSaved,
  type AlbumCreated,
  type AlbumDetail,
  type AlbumPage,
  type AlbumRevisionView,
  type AlbumSaved,
  type SuggestedDescription,
} from './stores.js';

const albumRevisionParams = albumIdParams.extend({ revision: idParam() });

/*
 * The back office of shops and course stores (public-site §2.6, §5, §9; decision 028): staff only, whatever the
 * client shows. The answers are checked against the stores module's interfaces: a field an interface has and its
 * schema lacks fails the typecheck.
 */

const categoryAnswer = z.object({
  id: z.number(),
  key: z.string(),
  name: z.string(),
}) satisfies z.ZodType<AlbumCategory>;

const albumRowAnswer = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  kind: z.enum(storeKinds),
  category: categoryAnswer.nullable(),
  country: z.enum(storeCountries),
  published: z.boolean(),
  createdAt: z.string(),
  pendingChanges: z.boolean(),
});

const albumPageAnswer = z.object({
  albums: z.array(albumRowAnswer),
  page: z.number(),
  hasMore: z.boolean(),
}) satisfies z.ZodType<AlbumPage>;

const albumDetailAnswer = albumRowAnswer.extend({
  ...revisionStampAnswer.shape,
  cover: z.string().nullable(),
  description: z.string(),
  isEmptyDescription: z.boolean(),
  articleId: z.number().nullable(),
  content: z.array(storeSlotAnswer),
}) satisfies z.ZodType<AlbumDetail>;

const albumRevisionAnswer = z.object({
  id: z.number(),
  authorName: z.string().nullable(),
  createdAt: z.string(),
  name: z.string(),
  country: z.enum(storeCountries),
  categoryId: z.number().nullable(),
  cover: z.string().nullable(),
  description: z.string(),
  items: z
    .array(
      z.object({
        position: z.number(),
        image: z.string(),
        thumbnail: z.string(),
        actionUrl: z.string().nullable(),
        description: z.string(),
      }),
    )
    .optional(),
}) satisfies z.ZodType<AlbumRevisionView>;

const albumCreatedAnswer = z.object({
  id: z.number(),
  slug: z.string(),
  message: z.enum(['album_created', 'course_store_created']),
}) satisfies z.ZodType<AlbumCreated>;

const albumSavedAnswer = z.object({
  slug: z.string(),
  message: z.literal('album_saved'),
  revision: z.number(),
}) satisfies z.ZodType<AlbumSaved>;

const coverSavedAnswer = z.object({
  message: z.literal('cover_saved'),
  cover: z.string().nullable(),
  revision: z.number(),
}) satisfies z.ZodType<AlbumCoverSaved>;

const suggestedDescriptionAnswer = z.object({
  description: z.string(),
  articleId: z.number(),
}) satisfies z.ZodType<SuggestedDescription>;

/** `POST /api/save-publish-state`: the state now, and the store's new version. */
const publishStateAnswer = z.object({ published: z.boolean(), revision: z.number() });

/** `POST /api/upload-album-picture`: the slot's picture and its list variant, and the store's new version. */
const pictureAnswer = z.object({
  imageUrl: z.string(),
  thumbnail: z.string(),
  position: z.number(),
  revision: z.number(),
});

/** `POST /api/save-affiliate-link`: the slot's link and product name as saved, and the store's new version. */
const affiliateLinkAnswer = z.object({
  position: z.number(),
  actionUrl: z.string(),
  description: z.string(),
  revision: z.number(),
});

/** `POST /api/delete-item`: the slot emptied, and the store's new version. */
const slotRemovedAnswer = z.object({ position: z.number(), revision: z.number() });

/**
 * The stores' back office. Each save takes the store's version as `If-Match` (412 `edit_conflict` when stale; none
 * saves unconditionally) and answers the new one, also as the ETag. The uploads and the affiliate link are multipart
 * forms of the fields `albumPictureFields`, `albumCoverFields` and `affiliateLinkInput` (the link may come as JSON).
 * A restore, a publish and a discard of a published store's changes answer the store as `GET /api/album/{id}` does.
 */
export const staffStoreRoutes = {
  categories: apiRoute({
    method: 'GET',
    path: '/api/album-categories',
    answer: z.array(categoryAnswer),
    auth: 'staff',
  }),
  list: apiRoute({ method: 'GET', path: '/api/albums', query: storePageQuery, answer: albumPageAnswer, auth: 'staff' }),
  /** A store as its editors read it (the same under both addresses), its version also as the ETag. */
  album: apiRoute({
    method: 'GET',
    path: '/api/album/:id',
    params: albumIdParams,
    answer: albumDetailAnswer,
    auth: 'staff',
  }),
  albumInfo: apiRoute({
    method: 'GET',
    path: '/api/albumInfo/:id',
    params: albumIdParams,
    answer: albumDetailAnswer,
    auth: 'staff',
  }),
  revisions: apiRoute({
    method: 'GET',
    path: '/api/album/:id/revisions',
    params: albumIdParams,
    answer: recordRevisionListAnswer,
    auth: 'staff',
  }),
  /** A revision that is no id, or not one of this store's, is 404 `revision_not_found`. */
  revision: apiRoute({
    method: 'GET',
    path: '/api/album/:id/revisions/:revision',
    params: albumRevisionParams,
    paramsError: { revision: revisionNotFound },
    answer: albumRevisionAnswer,
    auth: 'staff',
  }),
  restore: apiRoute({
    method: 'POST',
    path: '/api/album/:id/revisions/:revision/restore',
    params: albumRevisionParams,
    paramsError: { revision: revisionNotFound },
    answer: albumDetailAnswer,
    auth: 'staff',
  }),
  /** A store without unpublished changes is 409 `no_pending_changes`. */
  publishChanges: apiRoute({
    method: 'POST',
    path: '/api/album/:id/publish-changes',
    params: albumIdParams,
    answer: albumDetailAnswer,
    auth: 'staff',
  }),
  discardChanges: apiRoute({
    method: 'DELETE',
    path: '/api/album/:id/changes',
    params: albumIdParams,
    answer: albumDetailAnswer,
    auth: 'staff',
  }),
  addAlbum: apiRoute({
    method: 'POST',
    path: '/api/album/add',
    body: albumAddInput,
    answer: albumCreatedAnswer,
    status: 201,
    auth: 'staff',
  }),
  addCourseStore: apiRoute({
    method: 'POST',
    path: '/api/courseStore/add',
    body: courseStoreAddInput,
    answer: albumCreatedAnswer,
    status: 201,
    auth: 'staff',
  }),
  edit: apiRoute({
    method: 'PUT',
    path: '/api/album_edit/:id',
    params: albumIdParams,
    body: albumEditInput,
    answer: albumSavedAnswer,
    auth: 'staff',
  }),
  publishState: apiRoute({
    method: 'POST',
    path: '/api/save-publish-state',
    body: publishStateInput,
    answer: publishStateAnswer,
    auth: 'staff',
  }),
  picture: apiRoute({
    method: 'POST',
    path: '/api/upload-album-picture',
    body: multipartBody,
    answer: pictureAnswer,
    auth: 'staff',
  }),
  affiliateLink: apiRoute({
    method: 'POST',
    path: '/api/save-affiliate-link',
    body: multipartBody,
    answer: affiliateLinkAnswer,
    auth: 'staff',
  }),
  deleteItem: apiRoute({
    method: 'POST',
    path: '/api/delete-item',
    body: deleteItemInput,
    answer: slotRemovedAnswer,
    auth: 'staff',
  }),
  cover: apiRoute({
    method: 'POST',
    path: '/api/uploadAlbumCover',
    body: multipartBody,
    answer: coverSavedAnswer,
    auth: 'staff',
  }),
  suggestDescription: apiRoute({
    method: 'POST',
    path: '/api/album/:id/suggestStoreDescription',
    params: albumIdParams,
    answer: suggestedDescriptionAnswer,
    auth: 'staff',
  }),
};
