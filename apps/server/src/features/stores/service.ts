import { coverTypes } from '@papo/contract/editor';
import { slugify } from '@papo/contract/slug';
import { albumEditInput, storeLimits, type Ad, type Ads, type StoreDetail, type StoreKind, type SuggestedDescription } from '@papo/contract/stores';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Kysely, Transaction } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/values.js';
import { escapeHtml, htmlToText } from '../../lib/html.js';
import { httpError, parseBody } from '../../lib/http-error.js';
import { removeUnused, type ImageRules, type UploadStorage } from '../../lib/uploads.js';
import { describeStore, type DescriptionProviderOptions } from '../../providers/store-description.js';
import { createArticle, findArticleById, type ArticleDeps } from '../articles/index.js';
import { claimSlug, movedStore, recordSlugChange } from '../redirects/index.js';
import { conflict, findRecordRevision, ifMatchHolds, recordStamp, saveRecord, type RecordSave } from '../revisions/index.js';
import { libraryRules } from '../uploads/index.js';
import {
  categoryExists,
  deleteSlot,
  findStore,
  insertStore,
  isSlugTaken,
  linkDescriptionArticle,
  linkedSlots,
  putSlotPicture,
  revisedFields,
  setCover,
  setPublished,
  setSlotLink,
  updateStoreFields,
} from './repo.js';

/*
 * The rules of shops and course stores (issue 14): creation and editing with the one slug rule, the publish
 * state, the twelve slots, the cover and the generated description. The routes parse and answer; the SQL is in repo.ts.
 */

export interface StoreDeps {
  /** The database (each save opens its own transaction). */
  db: Kysely<Database>;
  dialect: Dialect;
}

/** Who saves and which version they edited (`If-Match`, decision 028). */
export type StoreSave = Pick<RecordSave, 'authorId' | 'ifMatch'>;

type Trx = Transaction<Database>;

/** Slot pictures and covers follow the back office's image rules (issue 13). */
export const pictureRules: ImageRules = { ...libraryRules, formats: ['jpeg', 'png', 'webp'] };
if (coverTypes.length !== pictureRules.formats.length) throw new Error('picture formats differ between contract and server');
export const pictureFolder = 'stores';

const countryNames: Record<string, string> = { br: 'Brasil', pt: 'Portugal', en: 'Inglaterra', us: 'Estados Unidos', es: 'Espanha', fr: 'França', it: 'Itália' };

const slugTaken = () => httpError(409, 'slug_taken', { slug: ['slug_taken'] });

/** Runs a write; a slug another store took meanwhile (the unique index) is 409 `slug_taken`. */
async function claimingSlug<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

/** A store by id (every state), or 404 `store_not_found`. */
export async function loadStore(db: Kysely<Database>, id: number) {
  const store = await findStore(db, { id });
  if (!store) throw httpError(404, 'store_not_found');
  return store;
}

/** The text the public sees: the linked article's, once the description lives there. */
export async function descriptionOf(db: Kysely<Database>, store: { description: string; articleId: number | null }): Promise<string> {
  if (store.articleId === null) return store.description;
  const article = await findArticleById(db, store.articleId);
  return article ? htmlToText(article.content) || article.description : store.description;
}

/**
 * A published store by slug; a name the store had before answers `{ movedTo }` (its slug of today, decision 024);
 * anything else is 404 `store_not_found`.
 */
export async function publicStore(db: Kysely<Database>, slug: string): Promise<StoreDetail | { movedTo: string }> {
  const fits = slug.length <= storeLimits.slug;
  const store = fits ? await findStore(db, { slug, publishedOnly: true }) : undefined;
  if (!store) {
    const moved = fits ? await movedStore(db, slug) : undefined;
    if (moved) return { movedTo: moved.slug };
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
    description: await descriptionOf(db, store),
    content: store.content,
  };
}

/** A random pick (ads vary between requests). */
function pick<T>(items: T[]): T | undefined {
  return items.length ? items[Math.floor(Math.random() * items.length)] : undefined;
}

async function adOf(db: Kysely<Database>, kind: StoreKind): Promise<Ad | null> {
  const slot = pick(await linkedSlots(db, kind));
  if (!slot?.action_url) return null;
  return { url: slot.action_url, image: slot.image, description: slot.description || slot.name, store: { slug: slot.slug, name: slot.name, kind: slot.kind } };
}

/** One course and one product, drawn from published slots with a link. */
export async function drawAds(db: Kysely<Database>): Promise<Ads> {
  return { course: await adOf(db, 'course'), product: await adOf(db, 'shop') };
}

async function checkCategory(db: Kysely<Database>, category: number | null | undefined): Promise<void> {
  if (category != null && !(await categoryExists(db, category))) throw httpError(400, 'category_not_found', { category: ['category_not_found'] });
}

/** Creates a store; the slug is the given one or derived from the name, and one another store holds is 409 `slug_taken`. */
export async function createStore(
  db: Kysely<Database>,
  ownerId: number,
  kind: StoreKind,
  input: { name: string; slug?: string; country: string; category?: number | null },
): Promise<{ id: number; slug: string }> {
  await checkCategory(db, input.category);
  const slug = input.slug ?? slugify(input.name);
  if (!slug) throw httpError(400, 'invalid_slug', { name: ['invalid_slug'] });
  if (await isSlugTaken(db, slug)) throw slugTaken();
  return claimingSlug(async () => {
    const id = await insertStore(db, { kind, name: input.name, slug, country: input.country, categoryId: input.category ?? null, ownerId });
    await claimSlug(db, 'store', slug);
    return { id, slug };
  });
}

/** A save of a store's fields, conflict-safe and revised (decision 028); answers the store's new version. */
function saveStore(deps: StoreDeps, save: StoreSave, id: number, write: (trx: Trx) => Promise<void>): Promise<number> {
  return deps.db.transaction().execute((trx) =>
    saveRecord(trx, deps.dialect, { kind: 'store', refId: id, authorId: save.authorId, ifMatch: save.ifMatch }, async () => {
      await write(trx);
      return revisedFields(trx, id);
    }),
  );
}

/** Renames and moves a store: a new name derives a new slug, and the old one keeps answering (a redirect). */
export async function editStore(
  deps: StoreDeps,
  save: StoreSave,
  id: number,
  input: { name: string; country: string; category?: number | null },
  /** More of the store written in the same save (a restore's cover and description). */
  alsoWrite?: (trx: Trx) => Promise<void>,
): Promise<{ slug: string; revision: number }> {
  const store = await loadStore(deps.db, id);
  await checkCategory(deps.db, input.category);
  const slug = input.name === store.name ? store.slug : slugify(input.name);
  if (!slug) throw httpError(400, 'invalid_slug', { name: ['invalid_slug'] });
  if (slug !== store.slug && (await isSlugTaken(deps.db, slug, id))) throw slugTaken();
  const revision = await claimingSlug(() =>
    saveStore(deps, save, id, async (trx) => {
      await updateStoreFields(trx, id, { name: input.name, slug, country: input.country, categoryId: input.category ?? store.category?.id ?? null });
      await recordSlugChange(trx, 'store', id, store.slug, slug);
      await alsoWrite?.(trx);
    }),
  );
  return { slug, revision };
}

/** The fields a store's revision keeps (decision 028), as `revisedFields` selects them. */
const keptStoreFields = z.object({ name: z.string(), country: z.string(), category_id: z.number().nullable(), cover: z.string().nullable(), description: z.string() });

/**
 * Brings back what a revision kept — the name (and so its address: today's keeps answering with a redirect), country,
 * category, cover and its description — as the store's newest revision (decision 028; the current fields stay in the
 * history). The publish state is not taken back: like an article's publication it is a state, not text. A category
 * deleted since, or a cover whose file is gone (`coverExists`), is not brought back: the store keeps today's.
 * 412 `edit_conflict` on a stale `If-Match`.
 */
export async function restoreStore(
  deps: StoreDeps,
  save: StoreSave,
  id: number,
  revisionId: number,
  coverExists: (key: string) => Promise<boolean>,
): Promise<number> {
  const store = await loadStore(deps.db, id);
  const revision = await findRecordRevision(deps.db, 'store', id, revisionId);
  if (!revision) throw httpError(404, 'revision_not_found');
  const kept = parseBody(keptStoreFields, revision.fields);
  const category = kept.category_id !== null && (await categoryExists(deps.db, kept.category_id)) ? kept.category_id : (store.category?.id ?? null);
  const cover = kept.cover && (await coverExists(kept.cover)) ? kept.cover : undefined;
  const input = parseBody(albumEditInput, { name: kept.name, country: kept.country, category });
  const { revision: saved } = await editStore(deps, save, id, input, (trx) => setCover(trx, id, kept.description, cover));
  return saved;
}

/** Publishes or hides a store; answers its new version. */
export async function setPublishState(deps: StoreDeps, save: StoreSave, id: number, published: boolean): Promise<number> {
  await loadStore(deps.db, id);
  return saveStore(deps, save, id, (trx) => setPublished(trx, id, published));
}

/** Refuses a stale version before a cover picture is stored (the save checks it again, under its lock). */
export async function checkStoreVersion(db: Kysely<Database>, id: number, ifMatch: string | undefined): Promise<void> {
  if (!ifMatchHolds(ifMatch, (await recordStamp(db, 'store', id)).revision)) conflict();
}

/** Saves the cover description, and the cover picture when one is given; answers the store's new version. */
export async function saveCover(deps: StoreDeps, save: StoreSave, id: number, description: string, cover?: string): Promise<number> {
  return saveStore(deps, save, id, (trx) => setCover(trx, id, description, cover));
}

/** Puts a stored picture in a slot (its link and product name stay); answers the picture it replaced. */
export async function placeSlotPicture(db: Kysely<Database>, id: number, position: number, picture: { key: string; thumbnail: string }): Promise<string | undefined> {
  return putSlotPicture(db, id, position, { image: picture.key, thumbnail: picture.thumbnail });
}

/** Sets a filled slot's link and product name; an empty slot is 404 `slot_empty`. */
export async function saveSlotLink(db: Kysely<Database>, id: number, position: number, link: { actionUrl: string; description: string }): Promise<void> {
  await loadStore(db, id);
  if (!(await setSlotLink(db, id, position, link))) throw httpError(404, 'slot_empty', { position: ['slot_empty'] });
}

/** Empties a slot; its picture is no longer public once the slot is gone. */
export async function removeSlot(deps: { db: Kysely<Database>; uploads: UploadStorage; log: FastifyBaseLogger }, id: number, position: number): Promise<void> {
  await loadStore(deps.db, id);
  await removeUnused(deps.uploads, [await deleteSlot(deps.db, id, position)], deps.log);
}

/**
 * Writes a description of a store without one (the LLM when configured, else locally) into a new unpublished
 * article the store then shows; a store that has a description, or a second simultaneous call, is 409 `description_exists`.
 */
export async function suggestDescription(
  deps: { articles: ArticleDeps; provider: DescriptionProviderOptions },
  authorId: number,
  id: number,
): Promise<SuggestedDescription> {
  const { db } = deps.articles;
  const store = await loadStore(db, id);
  if (store.articleId !== null || !store.isEmptyDescription) throw httpError(409, 'description_exists');
  const { text } = await describeStore(
    {
      name: store.name,
      kind: store.kind,
      category: store.category?.name ?? null,
      country: countryNames[store.country] ?? store.country,
      products: store.content.map((item) => item.description).filter(Boolean),
    },
    deps.provider,
  );
  const article = await createArticle(deps.articles, authorId, {
    title: store.name,
    content: `<p>${escapeHtml(text)}</p>`,
    description: text.slice(0, 255),
    isPublished: false,
  });
  // Only the first of two simultaneous calls links its article; the other answers 409.
  if (!(await linkDescriptionArticle(db, store.id, article.id, text))) throw httpError(409, 'description_exists');
  return { description: text, articleId: article.id };
}
