import { coverTypes, uploadLimits } from '@papo/contract/editor';
import { idParam } from '@papo/contract/ids';
import { slugify } from '@papo/contract/slug';
import {
  affiliateLinkInput,
  albumAddInput,
  albumEditInput,
  albumPictureFields,
  courseStoreAddInput,
  deleteItemInput,
  publishStateInput,
  storeLimits,
  storePageQuery,
  storeUploadFields,
  type Ad,
  type AlbumCreated,
  type AlbumDetail,
  type AlbumPage,
  type AlbumSaved,
  type Ads,
  type StoreDetail,
  type StoreKind,
  type StorePage,
  type SuggestedDescription,
} from '@papo/contract/stores';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { claimSlug, movedStore, recordSlugChange } from '../redirects/index.js';
import { z } from 'zod';
import { currentUser, requireStaff } from '../../lib/guard.js';
import { type RecordSave, conflict, ifMatchHolds, ifMatchOf, recordStamp, revisionEtag, saveRecord } from '../revisions/index.js';
import { isUniqueViolation } from '../../db/values.js';
import { escapeHtml, htmlToText } from '../../lib/html.js';
import { httpError, parseBody, parseQuery } from '../../lib/http-error.js';
import { putImageOnRecord, readMultipart, receiveOneFile, removeUnused, storeImage, type ImageRules } from '../../lib/uploads.js';
import { describeStore } from '../../providers/store-description.js';
import { articleDeps, createArticle, findArticleById } from '../articles/index.js';
import { addToLibrary, libraryRules, removeFromLibrary } from '../uploads/index.js';
import { categoryExists, findStore, isSlugTaken, linkedSlots, listAlbums, listCategories, listPublished } from './repo.js';

/** Slot pictures and covers follow the back office's image rules (issue 13). */
export const pictureRules: ImageRules = { ...libraryRules, formats: ['jpeg', 'png', 'webp'] };
if (coverTypes.length !== pictureRules.formats.length) throw new Error('picture formats differ between contract and server');
export const pictureFolder = 'stores';

const countryNames: Record<string, string> = { br: 'Brasil', pt: 'Portugal', en: 'Inglaterra', us: 'Estados Unidos', es: 'Espanha', fr: 'França', it: 'Itália' };

function storeIdOf(value: unknown): number {
  const parsed = idParam().safeParse(value);
  if (!parsed.success) throw httpError(400, 'invalid_id');
  return parsed.data;
}

/** A random pick (ads vary between requests). */
function pick<T>(items: T[]): T | undefined {
  return items.length ? items[Math.floor(Math.random() * items.length)] : undefined;
}

async function adOf(app: FastifyInstance, kind: StoreKind): Promise<Ad | null> {
  const slot = pick(await linkedSlots(app.db, kind));
  if (!slot?.action_url) return null;
  return { url: slot.action_url, image: slot.image, description: slot.description || slot.name, store: { slug: slot.slug, name: slot.name, kind: slot.kind } };
}

/**
 * Shops and course stores (issue 14). Public reads show published stores only (an unpublished one is
 * 404); every write and staff read is staff only (anonymous 401, member 403, before the body is read).
 */
export const storeRoutes: FastifyPluginAsync = async (app) => {
  const staff = { onRequest: requireStaff };

  const loadStore = async (id: number) => {
    const store = await findStore(app.db, { id });
    if (!store) throw httpError(404, 'store_not_found');
    return store;
  };

  /** The text the public sees: the linked article's, once the description lives there. */
  const descriptionOf = async (store: { description: string; articleId: number | null }) => {
    if (store.articleId === null) return store.description;
    const article = await findArticleById(app.db, store.articleId);
    return article ? htmlToText(article.content) || article.description : store.description;
  };

  const publicList = (kind: StoreKind) => async (request: FastifyRequest): Promise<StorePage> => {
    const { page, limit } = parseQuery(storePageQuery, request.query);
    const { items, hasMore } = await listPublished(app.db, kind, page, limit);
    return { items, page, hasMore };
  };
  app.get('/api/stores', publicList('shop'));
  app.get('/api/courses', publicList('course'));

  app.get('/api/latestStores', async (): Promise<StorePage> => {
    const { items } = await listPublished(app.db, 'shop', 1, storeLimits.latest);
    return { items, page: 1, hasMore: false };
  });

  app.get('/api/shop/:slug', async (request, reply): Promise<StoreDetail | FastifyReply> => {
    const { slug } = request.params as { slug: string };
    const store = slug.length <= storeLimits.slug ? await findStore(app.db, { slug, publishedOnly: true }) : undefined;
    if (!store) {
      // A name the store had before: 301 to its address of today (decision 024).
      const moved = slug.length <= storeLimits.slug ? await movedStore(app.db, slug) : undefined;
      if (moved) return reply.redirect(`/api/shop/${moved.slug}`, 301);
      throw httpError(404, 'store_not_found');
    }
    return {
      id: store.id,
      slug: store.slug,
      name: store.name,
      kind: store.kind,
      category: store.category,
      country: store.country,
      owner: store.owner,
      image: store.content[0]?.url ?? store.cover,
      cover: store.cover,
      description: await descriptionOf(store),
      content: store.content,
    };
  });

  app.get('/api/ads', async (): Promise<Ads> => ({ course: await adOf(app, 'course'), product: await adOf(app, 'shop') }));

  app.get('/api/album-categories', staff, async () => listCategories(app.db));

  app.get('/api/albums', staff, async (request): Promise<AlbumPage> => {
    const { page, limit } = parseQuery(storePageQuery, request.query);
    const { albums, hasMore } = await listAlbums(app.db, page, limit);
    return { albums, page, hasMore };
  });

  const detail = async (request: FastifyRequest, reply: FastifyReply): Promise<AlbumDetail> => {
    const { owner: _owner, ...store } = await loadStore(storeIdOf((request.params as { id?: unknown }).id));
    const stamp = await recordStamp(app.db, 'store', store.id);
    void reply.header('etag', revisionEtag(stamp.revision)).header('cache-control', 'no-store');
    return { ...store, description: await descriptionOf(store), ...stamp };
  };

  /** The fields of a store a revision keeps (decision 028): its row as the save left it. */
  const revisedFields = (trx: Parameters<typeof saveRecord>[0], id: number) =>
    trx.selectFrom('stores').select(['name', 'slug', 'country', 'category_id', 'cover', 'description', 'is_published']).where('id', '=', id).executeTakeFirst();

  /** A save of a store's fields, conflict-safe and revised (decision 028); answers the store's new version. */
  const saveStore = (request: FastifyRequest, id: number, write: (trx: Parameters<typeof saveRecord>[0]) => Promise<void>) => {
    const save: RecordSave = { kind: 'store', refId: id, authorId: currentUser(request).userId, ifMatch: ifMatchOf(request) };
    return app.db.transaction().execute((trx) =>
      saveRecord(trx, app.dialect, save, async () => {
        await write(trx);
        return revisedFields(trx, id);
      }),
    );
  };
  app.get('/api/album/:id', staff, detail);
  app.get('/api/albumInfo/:id', staff, detail);

  const checkCategory = async (category: number | null | undefined) => {
    if (category != null && !(await categoryExists(app.db, category))) throw httpError(400, 'category_not_found', { category: ['category_not_found'] });
  };

  /** Inserts a store; a slug another store holds is 409 `slug_taken`. */
  const insertStore = async (request: FastifyRequest, kind: StoreKind, input: { name: string; slug?: string; country: string; category?: number | null }) => {
    await checkCategory(input.category);
    const slug = input.slug ?? slugify(input.name);
    if (!slug) throw httpError(400, 'invalid_slug', { name: ['invalid_slug'] });
    if (await isSlugTaken(app.db, slug)) throw httpError(409, 'slug_taken', { slug: ['slug_taken'] });
    try {
      const row = await app.db
        .insertInto('stores')
        .values({ kind, name: input.name, slug, country: input.country, category_id: input.category ?? null, owner_id: currentUser(request).userId, created_at: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      await claimSlug(app.db, 'store', slug);
      return { id: row.id, slug };
    } catch (error) {
      if (isUniqueViolation(error)) throw httpError(409, 'slug_taken', { slug: ['slug_taken'] });
      throw error;
    }
  };

  app.post('/api/album/add', staff, async (request, reply) => {
    const created = await insertStore(request, 'shop', parseBody(albumAddInput, request.body));
    return reply.status(201).send({ ...created, message: 'album_created' } satisfies AlbumCreated);
  });

  app.post('/api/courseStore/add', staff, async (request, reply) => {
    const created = await insertStore(request, 'course', parseBody(courseStoreAddInput, request.body));
    return reply.status(201).send({ ...created, message: 'course_store_created' } satisfies AlbumCreated);
  });

  app.put('/api/album_edit/:id', staff, async (request, reply): Promise<AlbumSaved> => {
    const id = storeIdOf((request.params as { id?: unknown }).id);
    const input = parseBody(albumEditInput, request.body);
    const store = await loadStore(id);
    await checkCategory(input.category);
    const slug = input.name === store.name ? store.slug : slugify(input.name);
    if (!slug) throw httpError(400, 'invalid_slug', { name: ['invalid_slug'] });
    if (slug !== store.slug && (await isSlugTaken(app.db, slug, id))) throw httpError(409, 'slug_taken', { slug: ['slug_taken'] });
    let revision: number;
    try {
      revision = await saveStore(request, id, async (trx) => {
        await trx.updateTable('stores').set({ name: input.name, slug, country: input.country, category_id: input.category ?? store.category?.id ?? null }).where('id', '=', id).execute();
        await recordSlugChange(trx, 'store', id, store.slug, slug);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw httpError(409, 'slug_taken', { slug: ['slug_taken'] });
      throw error;
    }
    void reply.header('etag', revisionEtag(revision));
    return { slug, message: 'album_saved', revision };
  });

  app.post('/api/save-publish-state', staff, async (request, reply) => {
    const input = parseBody(publishStateInput, request.body);
    await loadStore(input.album_id);
    const revision = await saveStore(request, input.album_id, async (trx) => {
      await trx.updateTable('stores').set({ is_published: input.is_published ? 1 : 0 }).where('id', '=', input.album_id).execute();
    });
    void reply.header('etag', revisionEtag(revision));
    return { published: input.is_published, revision };
  });

  app.post('/api/upload-album-picture', { ...staff, preHandler: app.uploadLimit }, async (request) => {
    // NOTE: the fields and the store are checked before the picture is stored: a refused request leaves no file.
    const { fields, bytes } = await receiveOneFile(request, { field: storeUploadFields.picture, maxBytes: uploadLimits.bytes });
    const { album_id: id, position } = parseBody(albumPictureFields, fields);
    if (!bytes) throw httpError(400, 'file_required', { [storeUploadFields.picture]: ['file_required'] });
    await loadStore(id);
    return putImageOnRecord({
      storage: app.uploads,
      field: storeUploadFields.picture,
      log: request.log,
      store: () => storeImage(app.uploads, pictureFolder, bytes, pictureRules),
      commit: (image) =>
        app.db.transaction().execute(async (trx) => {
          const old = await trx.selectFrom('store_items').select('image').where('store_id', '=', id).where('position', '=', position).executeTakeFirst();
          // A new picture replaces the old one but keeps the slot's link and product name.
          await trx
            .insertInto('store_items')
            .values({ store_id: id, position, image: image.key, thumbnail: image.thumbnail })
            .onConflict((oc) => oc.columns(['store_id', 'position']).doUpdateSet({ image: image.key, thumbnail: image.thumbnail }))
            .execute();
          return { result: { imageUrl: image.key, thumbnail: image.thumbnail, position }, unused: [old?.image] };
        }),
    });
  });

  app.post('/api/save-affiliate-link', staff, async (request) => {
    const body = request.isMultipart()
      ? await readMultipart(request, { fileField: '', maxBytes: 1, maxFiles: 0, onFile: async () => undefined })
      : request.body;
    const input = parseBody(affiliateLinkInput, body);
    await loadStore(input.album_id);
    const saved = await app.db
      .updateTable('store_items')
      .set({ action_url: input.actionUrl, description: input.description })
      .where('store_id', '=', input.album_id)
      .where('position', '=', input.position)
      .executeTakeFirst();
    if (Number(saved.numUpdatedRows) !== 1) throw httpError(404, 'slot_empty', { position: ['slot_empty'] });
    return { position: input.position, actionUrl: input.actionUrl, description: input.description };
  });

  app.post('/api/delete-item', staff, async (request) => {
    const input = parseBody(deleteItemInput, request.body);
    await loadStore(input.album_id);
    const removed = await app.db
      .deleteFrom('store_items')
      .where('store_id', '=', input.album_id)
      .where('position', '=', input.position)
      .returning('image')
      .executeTakeFirst();
    // NOTE: the slot's picture is no longer public once the slot is gone.
    await removeUnused(app.uploads, [removed?.image], request.log);
    return { position: input.position };
  });

  app.post('/api/uploadAlbumCover', { ...staff, preHandler: app.uploadLimit }, async (request, reply) => {
    const { userId } = currentUser(request);
    const { fields, bytes } = await receiveOneFile(request, { field: storeUploadFields.cover, maxBytes: uploadLimits.bytes });
    const id = storeIdOf(fields[storeUploadFields.albumId]);
    const { description } = parseBody(
      z.object({ description: z.string().max(storeLimits.coverDescription, 'description_too_long') }),
      { description: fields[storeUploadFields.description] ?? '' },
    );
    await loadStore(id);
    const save = async (cover?: string) => {
      const revision = await saveStore(request, id, async (trx) => {
        await trx
          .updateTable('stores')
          .set(cover ? { cover, description } : { description })
          .where('id', '=', id)
          .execute();
      });
      void reply.header('etag', revisionEtag(revision));
      return { message: 'cover_saved', cover: cover ?? null, revision };
    };
    if (!bytes) return save();
    // A stale version is refused before the picture is stored (the save checks it again, under its lock).
    if (!ifMatchHolds(ifMatchOf(request), (await recordStamp(app.db, 'store', id)).revision)) conflict();
    // NOTE: the cover joins the image library (decision 018), so the cover it replaces stays there for other uses.
    return putImageOnRecord({
      storage: app.uploads,
      field: storeUploadFields.cover,
      log: request.log,
      store: async () => (await addToLibrary(app.db, app.uploads, bytes, pictureRules, userId)).image,
      commit: async (image) => ({ result: await save(image.key), unused: [] }),
      takeBack: (image) => removeFromLibrary(app.db, app.uploads, image.key),
    });
  });

  app.post('/api/album/:id/suggestStoreDescription', staff, async (request): Promise<SuggestedDescription> => {
    const store = await loadStore(storeIdOf((request.params as { id?: unknown }).id));
    if (store.articleId !== null || !store.isEmptyDescription) throw httpError(409, 'description_exists');
    const { text } = await describeStore(
      {
        name: store.name,
        kind: store.kind,
        category: store.category?.name ?? null,
        country: countryNames[store.country] ?? store.country,
        products: store.content.map((item) => item.description).filter(Boolean),
      },
      { url: app.config.LLM_URL, apiKey: app.config.LLM_API_KEY, log: (failure) => request.log.warn({ failure }, 'store description provider failed') },
    );
    const article = await createArticle(articleDeps(app), currentUser(request).userId, {
      title: store.name,
      content: `<p>${escapeHtml(text)}</p>`,
      description: text.slice(0, 255),
      isPublished: false,
    });
    // Only the first of two simultaneous calls links its article; the other answers 409.
    const linked = await app.db
      .updateTable('stores')
      .set({ article_id: article.id, description: text })
      .where('id', '=', store.id)
      .where('article_id', 'is', null)
      .executeTakeFirst();
    if (Number(linked.numUpdatedRows) !== 1) throw httpError(409, 'description_exists');
    return { description: text, articleId: article.id };
  });
};
