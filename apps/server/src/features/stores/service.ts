import { coverTypes } from '@papo/contract/editor';
import { slugify } from '@papo/contract/slug';
import {
  albumEditInput,
  storeCountries,
  storeLimits,
  type Ad,
  type Ads,
  type AlbumRevisionView,
  type StoreCountry,
  type StoreDetail,
  type StoreKind,
  type SuggestedDescription,
} from '@papo/contract/stores';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Kysely, Transaction } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/values.js';
import { escapeHtml, htmlToText } from '../../lib/html.js';
import { httpError, parseBody } from '../../lib/http-error.js';
import { type ImageRules, libraryRules, removeUnused, type UploadStorage } from '../uploads/index.js';
import { describeStore, type DescriptionProviderOptions } from '../../providers/store-description.js';
import { articleFields, createArticle, findArticleById, type ArticleDeps } from '../articles/index.js';
import { claimSlug, movedStore, recordSlugChange } from '../redirects/index.js';
import {
  conflict,
  findRecordRevision,
  ifMatchHolds,
  recordStamp,
  saveRecord,
  type RecordSave,
} from '../revisions/index.js';
import {
  categoryExists,
  dropDraft,
  findStore,
  insertStore,
  isSlugTaken,
  linkDescriptionArticle,
  linkedSlots,
  readState,
  sameContent,
  setPublished,
  slotImagesInUse,
  writeDraft,
  writeLive,
  type SlotRow,
  type StoreContent,
  type StoreState,
} from './repo.js';

/*
 * The rules of shops and course stores: creation and editing with the one slug rule, the publish
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

/** Slot pictures and covers follow the back office's image rules. */
export const pictureRules: ImageRules = { ...libraryRules, formats: ['jpeg', 'png', 'webp'] };
if (coverTypes.length !== pictureRules.formats.length)
  throw new Error('picture formats differ between contract and server');
export const pictureFolder = 'stores';

const countryNames: Record<string, string> = {
  br: 'Brasil',
  pt: 'Portugal',
  en: 'Inglaterra',
  us: 'Estados Unidos',
  es: 'Espanha',
  fr: 'França',
  it: 'Itália',
};

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

/** A store by id (every state) as its editors see it (a published store's draft over it), or 404 `store_not_found`. */
export async function loadStore(db: Kysely<Database>, id: number) {
  const store = await findStore(db, { id, draft: true });
  if (!store) throw httpError(404, 'store_not_found');
  return store;
}

/** The text the public sees: the linked article's, once the description lives there. */
export async function descriptionOf(
  db: Kysely<Database>,
  store: { description: string; articleId: number | null },
): Promise<string> {
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
  return {
    url: slot.action_url,
    image: slot.image,
    description: slot.description || slot.name,
    store: { slug: slot.slug, name: slot.name, kind: slot.kind },
  };
}

/** One course and one product, drawn from published slots with a link. */
export async function drawAds(db: Kysely<Database>): Promise<Ads> {
  return { course: await adOf(db, 'course'), product: await adOf(db, 'shop') };
}

async function checkCategory(db: Kysely<Database>, category: number | null | undefined): Promise<void> {
  if (category != null && !(await categoryExists(db, category)))
    throw httpError(400, 'category_not_found', { category: ['category_not_found'] });
}

/** Creates a store; the slug is the given one or derived from the name, and one another store holds is 409 `slug_taken`. */
export async function createStore(
  db: Kysely<Database>,
  ownerId: number,
  kind: StoreKind,
  input: { name: string; slug?: string; country: StoreCountry; category?: number | null },
): Promise<{ id: number; slug: string }> {
  await checkCategory(db, input.category);
  const slug = input.slug ?? slugify(input.name);
  if (!slug) throw httpError(400, 'invalid_slug', { name: ['invalid_slug'] });
  if (await isSlugTaken(db, slug)) throw slugTaken();
  return claimingSlug(async () => {
    const id = await insertStore(db, {
      kind,
      name: input.name,
      slug,
      country: input.country,
      categoryId: input.category ?? null,
      ownerId,
    });
    await claimSlug(db, 'store', slug);
    return { id, slug };
  });
}

/** What a save left: the store's new version and the slot pictures nothing shows any more (to release). */
interface Saved {
  revision: number;
  unused: string[];
}

const picturesOf = (state: StoreState) =>
  [...state.live.items, ...(state.draft?.items ?? [])].map((item) => item.image);

/**
 * The one save of a store (decision 028), conflict-safe and revised: inside a transaction, `saveRecord` locks the row
 * and refuses a stale `If-Match` (412), then `change` answers the store's next state from its current one (a published
 * store's edits go to its draft, an unpublished one's to its live rows; see `edited`). The differences are written —
 * the live rows (with a redirect from the old address when the slug moved), the draft, the publish state — and the
 * store as its editors now see it (its slots too, and whether changes are pending) is kept as a revision.
 */
async function saveStore(
  deps: StoreDeps,
  save: StoreSave,
  id: number,
  change: (state: StoreState, trx: Trx) => StoreState | Promise<StoreState>,
): Promise<Saved> {
  return claimingSlug(() =>
    deps.db.transaction().execute(async (trx) => {
      let replaced: string[] = [];
      const revision = await saveRecord(
        trx,
        deps.dialect,
        { kind: 'store', refId: id, authorId: save.authorId, ifMatch: save.ifMatch },
        async () => {
          const before = await readState(trx, id);
          if (!before) throw httpError(404, 'store_not_found');
          const after = await change(before, trx);
          const draft =
            after.published && after.draft && !sameContent(after.draft, after.live) ? after.draft : undefined;
          await writeLive(trx, id, before.live, after.live);
          await recordSlugChange(trx, 'store', id, before.live.slug, after.live.slug);
          if (draft) await writeDraft(trx, id, draft);
          else if (before.draft) await dropDraft(trx, id);
          if (after.published !== before.published) await setPublished(trx, id, after.published);
          const shown = new Set(picturesOf({ ...after, draft }));
          replaced = picturesOf(before).filter((image) => !shown.has(image));
          const { items, ...fields } = draft ?? after.live;
          return { ...fields, is_published: after.published ? 1 : 0, items, pending_changes: draft !== undefined };
        },
      );
      const inUse = await slotImagesInUse(trx, replaced);
      return { revision, unused: replaced.filter((image) => !inUse.has(image)) };
    }),
  );
}

/** Keeps a store as it stands as a revision by `authorId` (a demo store's first, so its history names who made it). */
export async function keepRevision(deps: StoreDeps, authorId: number, id: number): Promise<number> {
  return (await saveStore(deps, { authorId }, id, (state) => state)).revision;
}

/** The state after an edit of what staff see: a published store's draft (begun from its live content), else its live content. */
function edited(state: StoreState, edit: (content: StoreContent) => StoreContent): StoreState {
  return state.published ? { ...state, draft: edit(state.draft ?? state.live) } : { ...state, live: edit(state.live) };
}

/** Renames and moves a store: a new name derives a new slug, and the old one keeps answering (a redirect) once live. */
export async function editStore(
  deps: StoreDeps,
  save: StoreSave,
  id: number,
  input: { name: string; country: StoreCountry; category?: number | null },
  /** More of the store changed in the same save (a restore's cover, description and slots). */
  alsoChange: (content: StoreContent) => StoreContent = (content) => content,
): Promise<{ slug: string } & Saved> {
  const store = await loadStore(deps.db, id);
  await checkCategory(deps.db, input.category);
  const slug = input.name === store.name ? store.slug : slugify(input.name);
  if (!slug) throw httpError(400, 'invalid_slug', { name: ['invalid_slug'] });
  if (slug !== store.slug && (await isSlugTaken(deps.db, slug, id))) throw slugTaken();
  const saved = await saveStore(deps, save, id, (state) =>
    edited(state, (content) =>
      alsoChange({
        ...content,
        name: input.name,
        slug,
        country: input.country,
        category_id: input.category ?? content.category_id,
      }),
    ),
  );
  return { slug, ...saved };
}

const keptSlot = z.object({
  position: z.number(),
  image: z.string(),
  thumbnail: z.string(),
  action_url: z.string().nullable(),
  description: z.string(),
});

/** The fields a store's revision keeps (decision 028); revisions before slots joined the history have no `items`. */
const keptStoreFields = z.object({
  name: z.string(),
  country: z.enum(storeCountries),
  category_id: z.number().nullable(),
  cover: z.string().nullable(),
  description: z.string(),
  items: z.array(keptSlot).optional(),
});

/** One kept version of a store as its history shows it; 404 `revision_not_found` when it is not one of this store's. */
export async function storeRevision(db: Kysely<Database>, id: number, revisionId: number): Promise<AlbumRevisionView> {
  await loadStore(db, id);
  const revision = await findRecordRevision(db, 'store', id, revisionId);
  if (!revision) throw httpError(404, 'revision_not_found');
  const kept = parseBody(keptStoreFields, revision.fields);
  return {
    id: revision.id,
    authorName: revision.authorName,
    createdAt: revision.createdAt,
    name: kept.name,
    country: kept.country,
    categoryId: kept.category_id,
    cover: kept.cover,
    description: kept.description,
    items: kept.items?.map((item) => ({
      position: item.position,
      image: item.image,
      thumbnail: item.thumbnail,
      actionUrl: item.action_url,
      description: item.description,
    })),
  };
}

/**
 * Brings back what a revision kept — the name (and so its address: today's keeps answering with a redirect), country,
 * category, cover and its description, and the slots — as the store's newest revision (decision 028; the current
 * state stays in the history). On a published store the restore is a draft, like any edit. The publish state is not
 * taken back: like an article's publication it is a state, not text. A category deleted since, or a picture whose file
 * is gone (`pictureExists`), is not brought back: the store keeps today's cover, and such a slot stays as it is today.
 * A revision from before slots were kept leaves the slots as they are; pictures of slots it empties are released.
 * 412 `edit_conflict` on a stale `If-Match`.
 */
export async function restoreStore(
  deps: StoreDeps & { uploads: UploadStorage; log: FastifyBaseLogger },
  save: StoreSave,
  id: number,
  revisionId: number,
  pictureExists: (key: string) => Promise<boolean>,
): Promise<number> {
  const store = await loadStore(deps.db, id);
  const revision = await findRecordRevision(deps.db, 'store', id, revisionId);
  if (!revision) throw httpError(404, 'revision_not_found');
  const kept = parseBody(keptStoreFields, revision.fields);
  const category =
    kept.category_id !== null && (await categoryExists(deps.db, kept.category_id))
      ? kept.category_id
      : (store.category?.id ?? null);
  const cover = kept.cover && (await pictureExists(kept.cover)) ? kept.cover : undefined;
  const slots =
    kept.items &&
    (await Promise.all(kept.items.map(async (item) => ((await pictureExists(item.image)) ? item : undefined))));
  const input = parseBody(albumEditInput, { name: kept.name, country: kept.country, category });
  const saved = await editStore(deps, save, id, input, (content) => {
    const restored = { ...content, cover: cover ?? content.cover, description: kept.description };
    if (!kept.items || !slots) return restored;
    // The slots as they were; one whose picture is gone keeps what it has today.
    const today = new Map(content.items.map((item) => [item.position, item]));
    return { ...restored, items: kept.items.flatMap((item, index) => slots[index] ?? today.get(item.position) ?? []) };
  });
  // The slots it took away show their pictures nowhere any more.
  await removeUnused(deps.uploads, saved.unused, deps.log);
  return saved.revision;
}

/**
 * Publishes or hides a store; answers its new version. Hiding a store with unpublished changes makes them its
 * content (nobody sees it, so there is nothing to wait for).
 */
export async function setPublishState(
  deps: StoreDeps,
  save: StoreSave,
  id: number,
  published: boolean,
): Promise<number> {
  await loadStore(deps.db, id);
  const { revision } = await saveStore(deps, save, id, (state) =>
    published ? { ...state, published } : { published, live: state.draft ?? state.live, draft: undefined },
  );
  return revision;
}

const noPendingChanges = () => httpError(409, 'no_pending_changes');

/**
 * Makes a published store's unpublished changes live in one transaction: its fields and slots, the old address
 * redirecting to a new one, the pictures they replaced released. 409 `no_pending_changes` without any.
 */
export async function publishStoreChanges(
  deps: StoreDeps & { uploads: UploadStorage; log: FastifyBaseLogger },
  save: StoreSave,
  id: number,
): Promise<number> {
  const saved = await saveStore(deps, save, id, (state) => {
    if (!state.draft) throw noPendingChanges();
    return { ...state, live: state.draft, draft: undefined };
  });
  await removeUnused(deps.uploads, saved.unused, deps.log);
  return saved.revision;
}

/** Drops a published store's unpublished changes (the pictures only they showed are released). 409 `no_pending_changes` without any. */
export async function discardStoreChanges(
  deps: StoreDeps & { uploads: UploadStorage; log: FastifyBaseLogger },
  save: StoreSave,
  id: number,
): Promise<number> {
  const saved = await saveStore(deps, save, id, (state) => {
    if (!state.draft) throw noPendingChanges();
    return { ...state, draft: undefined };
  });
  await removeUnused(deps.uploads, saved.unused, deps.log);
  return saved.revision;
}

/** Refuses a stale version before a cover picture is stored (the save checks it again, under its lock). */
export async function checkStoreVersion(db: Kysely<Database>, id: number, ifMatch: string | undefined): Promise<void> {
  if (!ifMatchHolds(ifMatch, (await recordStamp(db, 'store', id)).revision)) conflict();
}

/** Saves the cover description, and the cover picture when one is given; answers the store's new version. */
export async function saveCover(
  deps: StoreDeps,
  save: StoreSave,
  id: number,
  description: string,
  cover?: string,
): Promise<number> {
  const { revision } = await saveStore(deps, save, id, (state) =>
    edited(state, (content) => ({ ...content, description, cover: cover ?? content.cover })),
  );
  return revision;
}

const withSlot = (items: SlotRow[], slot: SlotRow) =>
  [...items.filter((item) => item.position !== slot.position), slot].sort((a, b) => a.position - b.position);

/**
 * Puts a stored picture in a slot (its link and product name stay); answers the store's new version and the pictures
 * nothing shows any more (the one it replaced, unless live or another draft still shows it).
 */
export async function placeSlotPicture(
  deps: StoreDeps,
  save: StoreSave,
  id: number,
  position: number,
  picture: { key: string; thumbnail: string },
): Promise<Saved> {
  return saveStore(deps, save, id, (state) =>
    edited(state, (content) => {
      const old = content.items.find((item) => item.position === position);
      const slot = {
        position,
        image: picture.key,
        thumbnail: picture.thumbnail,
        action_url: old?.action_url ?? null,
        description: old?.description ?? '',
      };
      return { ...content, items: withSlot(content.items, slot) };
    }),
  );
}

/** Sets a filled slot's link and product name; an empty slot is 404 `slot_empty`. Answers the store's new version. */
export async function saveSlotLink(
  deps: StoreDeps,
  save: StoreSave,
  id: number,
  position: number,
  link: { actionUrl: string; description: string },
): Promise<number> {
  const { revision } = await saveStore(deps, save, id, (state) =>
    edited(state, (content) => {
      const old = content.items.find((item) => item.position === position);
      if (!old) throw httpError(404, 'slot_empty', { position: ['slot_empty'] });
      return {
        ...content,
        items: withSlot(content.items, { ...old, action_url: link.actionUrl, description: link.description }),
      };
    }),
  );
  return revision;
}

/** Empties a slot; its picture is released once nothing shows it (a live store's picture stays until its draft is published). */
export async function removeSlot(
  deps: StoreDeps & { uploads: UploadStorage; log: FastifyBaseLogger },
  save: StoreSave,
  id: number,
  position: number,
): Promise<number> {
  const saved = await saveStore(deps, save, id, (state) =>
    edited(state, (content) => ({ ...content, items: content.items.filter((item) => item.position !== position) })),
  );
  await removeUnused(deps.uploads, saved.unused, deps.log);
  return saved.revision;
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
  const article = await createArticle(
    deps.articles,
    authorId,
    articleFields({
      title: store.name,
      content: `<p>${escapeHtml(text)}</p>`,
      description: text.slice(0, 255),
      isPublished: false,
    }),
  );
  // Only the first of two simultaneous calls links its article; the other answers 409.
  if (!(await linkDescriptionArticle(db, store.id, article.id, text))) throw httpError(409, 'description_exists');
  return { description: text, articleId: article.id };
}
