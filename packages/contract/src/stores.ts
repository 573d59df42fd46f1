import { z } from 'zod';
import type { RevisionStamp } from './editor.js';
import { idParam } from './ids.js';
import { slugPattern } from './slug.js';
import { apiRoute } from './api-route.js';

/**
 * Shops and course stores (public-site §2.4, §2.6, §3, §5, §7, §9): a store is 12 pictured
 * products (slots 0–11), each with an optional affiliate link. Public reads show published stores
 * only; every write and every staff read is for ROLE_ADMIN or ROLE_MODERATOR.
 */

import { storeLimits } from './store-limits.js';

export { storeLimits };

/** Target countries of the album wizard (public-site §9). */
export const storeCountries = ['br', 'pt', 'en', 'us', 'es', 'fr', 'it'] as const;
export type StoreCountry = (typeof storeCountries)[number];

export const storeKinds = ['shop', 'course'] as const;
export type StoreKind = (typeof storeKinds)[number];

/** Multipart field names of the slot and cover uploads. */
export const storeUploadFields = {
  picture: 'album_picture',
  cover: 'file',
  albumId: 'album_id',
  position: 'position',
  description: 'description',
  actionUrl: 'actionUrl',
} as const;

/** A body id (JSON number or form text). */
const bodyId = z
  .union([z.number().int().positive(), z.string().regex(/^[1-9][0-9]{0,9}$/)], { error: 'invalid_id' })
  .transform(Number)
  .refine((id) => id <= 2_147_483_647, 'invalid_id');

/** A slot position 0–11 (JSON number or form text); anything else is `invalid_position`. */
export const slotPosition = z
  .union([z.number(), z.string().regex(/^[0-9]{1,2}$/)], { error: 'invalid_position' })
  .transform(Number)
  .refine((n) => Number.isInteger(n) && n >= 0 && n < storeLimits.slots, 'invalid_position');

/**
 * An affiliate link: absolute `http:` or `https:` only, at most 2,000 characters. `javascript:`,
 * `data:` and relative links are `invalid_link`.
 */
export const affiliateLink = z
  .string({ error: 'invalid_link' })
  .trim()
  .min(1, 'invalid_link')
  .max(storeLimits.link, 'too_long')
  .regex(/^https?:\/\/[^\s/?#]+/i, 'invalid_link')
  .pipe(z.url({ protocol: /^https?$/, error: 'invalid_link' }));

const name = z.string({ error: 'name_required' }).trim().min(1, 'name_required').max(storeLimits.name, 'too_long');
const country = z.enum(storeCountries, { error: 'invalid_country' });
const slug = z.string().trim().max(storeLimits.slug, 'too_long').regex(slugPattern, 'invalid_slug').optional();

/** `POST /api/album/add`: a shop (the slug is derived from the name when absent). */
export const albumAddInput = z.object({
  name,
  slug,
  country,
  category: bodyId.pipe(z.number({ error: 'category_required' })),
});
export type AlbumAddInput = z.input<typeof albumAddInput>;

/** `POST /api/courseStore/add`: a course store; the category is optional. */
export const courseStoreAddInput = z.object({ name, slug, country, category: bodyId.optional().nullable() });
export type CourseStoreAddInput = z.input<typeof courseStoreAddInput>;

/** `PUT /api/album_edit/{id}`: a new name derives a new slug. */
export const albumEditInput = z.object({ name, country, category: bodyId.optional().nullable() });
export type AlbumEditInput = z.input<typeof albumEditInput>;

/** `POST /api/save-publish-state`. */
export const publishStateInput = z.object({
  album_id: bodyId,
  is_published: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { error: 'invalid_flag' })
    .transform((v) => v === true || v === 'true' || v === '1'),
});

/** `POST /api/delete-item`. */
export const deleteItemInput = z.object({ album_id: bodyId, position: slotPosition });

/** `POST /api/save-affiliate-link` (multipart or JSON). */
export const affiliateLinkInput = z.object({
  album_id: bodyId,
  position: slotPosition,
  actionUrl: affiliateLink,
  description: z.string().trim().max(storeLimits.productName, 'too_long').default(''),
});
export type AffiliateLinkInput = z.input<typeof affiliateLinkInput>;

/** The id and position fields of `POST /api/upload-album-picture`. */
export const albumPictureFields = z.object({ album_id: bodyId, position: slotPosition });

/** The text fields of `POST /api/uploadAlbumCover` (the picture itself is optional). */
export const albumCoverFields = z.object({
  album_id: bodyId,
  description: z.string().max(storeLimits.coverDescription, 'description_too_long').default(''),
});

/**
 * `/api/album/{id}`, `/api/albumInfo/{id}`, `/api/album_edit/{id}`, `/api/album/{id}/suggestStoreDescription`, and the
 * two calls on a published store's unpublished changes (decision 028), both staff only, with the store's version as
 * `If-Match` (412 `edit_conflict` when stale), no body, answering the store as `GET /api/album/{id}` does (`AlbumDetail`):
 * `POST /api/album/{id}/publish-changes` makes them live (the old address then redirects), `DELETE /api/album/{id}/changes`
 * drops them. A store without any is 409 `no_pending_changes`.
 */
export const albumIdParams = z.object({ id: idParam() });

/** `GET /api/shop/{slug}`: any text (a name too long to be a slug is simply not found). */
export const storeSlugParams = z.object({ slug: z.string() });

/** `GET /api/stores`, `/api/courses`, `/api/albums`. */
export const storePageQuery = z.object({
  page: idParam('invalid_page').optional().default(1),
  limit: idParam('invalid_limit')
    .refine((n) => n <= storeLimits.pageSize, 'invalid_limit')
    .optional()
    .default(storeLimits.pageSize),
});

export interface AlbumCategory {
  id: number;
  /** Translation key of the category name (`stores.categories.<key>`). */
  key: string;
  name: string;
}

/** A filled slot (public-site §3, album content item). */
export interface StoreItem {
  position: number;
  /** Upload key of the image, served at `/uploads/{url}`. */
  url: string;
  /** The list variant. */
  thumbnail: string;
  actionUrl: string | null;
  /** The product name. */
  description: string;
}

/** A card of the public lists. */
export interface StoreCard {
  id: number;
  slug: string;
  name: string;
  kind: StoreKind;
  category: AlbumCategory | null;
  country: StoreCountry;
  owner: number | null;
  /** Upload key of the first picture (or the cover), for the card. */
  image: string | null;
}

export interface StorePage {
  items: StoreCard[];
  page: number;
  hasMore: boolean;
}

/** `GET /api/shop/{slug}`: a published store with its filled slots by position. */
export interface StoreDetail extends StoreCard {
  description: string;
  cover: string | null;
  content: StoreItem[];
}

/** `GET /api/ads`: one course and one product drawn from published slots with a link. */
export interface Ad {
  url: string;
  /** Upload key of the picture. */
  image: string;
  description: string;
  store: { slug: string; name: string; kind: StoreKind };
}
export interface Ads {
  course: Ad | null;
  product: Ad | null;
}

/** A row of the staff list (public-site §2.6 Album and store list). */
export interface AlbumRow {
  id: number;
  name: string;
  slug: string;
  kind: StoreKind;
  category: AlbumCategory | null;
  country: StoreCountry;
  published: boolean;
  createdAt: string;
  /**
   * A published store's edits that the public does not see yet (decision 028): staff reads show them, and
   * `POST /api/album/{id}/publish-changes` makes them live. Always false for an unpublished store (its edits are direct).
   */
  pendingChanges: boolean;
}
export interface AlbumPage {
  albums: AlbumRow[];
  page: number;
  hasMore: boolean;
}

/**
 * `GET /api/album/{id}` and `GET /api/albumInfo/{id}`: everything the wizard edits, and its version (also the ETag),
 * which the name and cover saves send back as `If-Match` (decision 028).
 */
export interface AlbumDetail extends AlbumRow, RevisionStamp {
  cover: string | null;
  description: string;
  isEmptyDescription: boolean;
  articleId: number | null;
  content: StoreItem[];
}

/**
 * `GET /api/album/{id}/revisions/{revision}` (staff): one kept version of a store as its history shows it ("Ver"):
 * its fields then and its slots by position. `items` is absent in a revision kept before slots were.
 */
export interface AlbumRevisionView {
  id: number;
  authorName: string | null;
  createdAt: string;
  name: string;
  country: StoreCountry;
  categoryId: number | null;
  cover: string | null;
  description: string;
  items?: { position: number; image: string; thumbnail: string; actionUrl: string | null; description: string }[];
}

export interface AlbumCreated {
  id: number;
  slug: string;
  message: 'album_created' | 'course_store_created';
}

export interface AlbumSaved {
  slug: string;
  message: 'album_saved';
  /** The store's new version, for the next `If-Match`. */
  revision: number;
}

/** `POST /api/uploadAlbumCover`: the cover now (a new upload's key, or null when only the description changed) and the store's new version. */
export interface AlbumCoverSaved {
  message: 'cover_saved';
  cover: string | null;
  revision: number;
}

export interface SuggestedDescription {
  description: string;
  articleId: number;
}

/*
 * The answers of the public reads, checked against the interfaces above: a field an interface has and its schema
 * lacks fails the typecheck.
 */
const storeCardAnswer = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  kind: z.enum(storeKinds),
  category: z.object({ id: z.number(), key: z.string(), name: z.string() }).nullable(),
  country: z.enum(storeCountries),
  owner: z.number().nullable(),
  image: z.string().nullable(),
}) satisfies z.ZodType<StoreCard>;

const storePageAnswer = z.object({
  items: z.array(storeCardAnswer),
  page: z.number(),
  hasMore: z.boolean(),
}) satisfies z.ZodType<StorePage>;

/** One picture of a store's page (a slot): where it leads and what it says. */
export const storeSlotAnswer = z.object({
  position: z.number(),
  url: z.string(),
  thumbnail: z.string(),
  actionUrl: z.string().nullable(),
  description: z.string(),
});

const storeDetailAnswer = storeCardAnswer.extend({
  description: z.string(),
  cover: z.string().nullable(),
  content: z.array(storeSlotAnswer),
}) satisfies z.ZodType<StoreDetail>;

const adAnswer = z.object({
  url: z.string(),
  image: z.string(),
  description: z.string(),
  store: z.object({ slug: z.string(), name: z.string(), kind: z.enum(storeKinds) }),
});
const adsAnswer = z.object({ course: adAnswer.nullable(), product: adAnswer.nullable() }) satisfies z.ZodType<Ads>;

/** The public reads of shops and course stores: published stores only (an unpublished one is 404). */
export const publicStoreRoutes = {
  shops: apiRoute({
    method: 'GET',
    path: '/api/stores',
    query: storePageQuery,
    answer: storePageAnswer,
    auth: 'public',
  }),
  courses: apiRoute({
    method: 'GET',
    path: '/api/courses',
    query: storePageQuery,
    answer: storePageAnswer,
    auth: 'public',
  }),
  latest: apiRoute({ method: 'GET', path: '/api/latestStores', answer: storePageAnswer, auth: 'public' }),
  /** A name the store had before answers 301 to its address of today (decision 024). */
  store: apiRoute({
    method: 'GET',
    path: '/api/shop/:slug',
    params: storeSlugParams,
    answer: storeDetailAnswer,
    auth: 'public',
  }),
  ads: apiRoute({ method: 'GET', path: '/api/ads', answer: adsAnswer, auth: 'public' }),
};
