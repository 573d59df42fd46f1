import { randomBytes } from 'node:crypto';
import { sizedUploadsFolder } from '@papo/contract/image-variants';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { createRedis } from '../../lib/redis.js';
import type { RedisOutage } from '../../lib/redis-outage.js';
import { isUploadKey, type UploadStorage } from './storage/storage.js';
import { removeUpload } from './objects.js';
import { isOneOf } from '@papo/contract/one-of';

/*
 * The sweep (decision 025): the routes remove what they replace, but a node can stop between storing a file and
 * recording it, or a removal can fail while the storage is away. Once an hour one node lists the storage and removes
 * what nothing refers to and is older than an hour (so an upload in flight is never taken).
 */

/**
 * Folders whose files each have one owner the database names (a member's picture, a slot, a bio entry, a library row).
 * `articles/` (the demo covers) is left alone: article revisions and bodies may name those files.
 */
const sweptFolders = ['library', 'profile', 'stores', 'bio'] as const;
/** Markers of the start-up check a stopped node could not take back. */
const markerFolder = 'checks/';
const variantFolder = 'thumbs/';

const sweepMinAgeMs = 60 * 60 * 1000;

/** Every upload key the database refers to. */
async function referencedKeys(db: Kysely<Database>): Promise<Set<string>> {
  const [library, users, slots, draftSlots, stores, articles, revisions, bio, search, records] = await Promise.all([
    db.selectFrom('uploads').select(['key', 'thumbnail']).execute(),
    db.selectFrom('users').select('profile_image').where('profile_image', 'is not', null).execute(),
    db.selectFrom('store_items').select(['image', 'thumbnail']).execute(),
    // A published store's unpublished slots (decision 028).
    db.selectFrom('store_item_drafts').select(['image', 'thumbnail']).execute(),
    db.selectFrom('stores').select('cover').where('cover', 'is not', null).execute(),
    db.selectFrom('articles').select('cover').where('cover', 'is not', null).execute(),
    db.selectFrom('article_revisions').select('cover').where('cover', 'is not', null).distinct().execute(),
    db.selectFrom('bio_entries').select('photo_path').where('photo_path', 'is not', null).execute(),
    db.selectFrom('search_documents').select('cover').where('cover', 'is not', null).execute(),
    // The pictures a store's or a bio entry's kept revision shows stay, so a restore brings them back (decision 040).
    db.selectFrom('record_revisions').select('fields').execute(),
  ]);
  return new Set(
    [
      ...library.flatMap((row) => [row.key, row.thumbnail]),
      ...users.map((row) => row.profile_image),
      ...[...slots, ...draftSlots].flatMap((row) => [row.image, row.thumbnail]),
      ...stores.map((row) => row.cover),
      ...articles.map((row) => row.cover),
      ...revisions.map((row) => row.cover),
      ...bio.map((row) => row.photo_path),
      ...search.map((row) => row.cover),
      ...records.flatMap((row) => stringsOf(JSON.parse(row.fields))),
    ].filter((key): key is string => typeof key === 'string'),
  );
}

/** Every text inside a revision's fields (its pictures among them: cover, photo, each slot's image and thumbnail). */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  return typeof value === 'object' && value !== null ? Object.values(value).flatMap(stringsOf) : [];
}

const nameOf = (key: string) => key.slice(key.lastIndexOf('/') + 1).replace(/\.[a-z]+$/, '');

export interface SweepResult {
  removed: string[];
}

/**
 * Removes, with their variants, the files of the swept folders that nothing refers to and that are older than
 * `minAgeMs` at `now`; then variants whose original is gone, and stale check markers.
 */
export async function sweepUploads(deps: {
  db: Kysely<Database>;
  storage: UploadStorage;
  now?: number;
  minAgeMs?: number;
}): Promise<SweepResult> {
  const cutoff = (deps.now ?? Date.now()) - (deps.minAgeMs ?? sweepMinAgeMs);
  // the listing comes first, so a file recorded while the database is read is seen as referenced.
  const objects: { key: string; lastModified: Date }[] = [];
  for await (const object of deps.storage.list('')) objects.push(object);
  const referenced = await referencedKeys(deps.db);
  const old = (object: { lastModified: Date }) => object.lastModified.getTime() < cutoff;
  const removed: string[] = [];

  const originals = objects.filter((object) => isUploadKey(object.key) && !object.key.startsWith(variantFolder));
  for (const object of originals) {
    const folder = object.key.slice(0, object.key.indexOf('/'));
    if (!isOneOf(sweptFolders, folder) || referenced.has(object.key) || !old(object)) continue;
    await removeUpload(deps.storage, object.key);
    removed.push(object.key);
  }
  const existing = new Set(objects.map((object) => object.key).filter((key) => !removed.includes(key)));
  const keptNames = new Set(
    originals
      .map((object) => object.key)
      .filter((key) => existing.has(key))
      .map(nameOf),
  );
  for (const object of objects) {
    if (!old(object) || referenced.has(object.key) || removed.includes(object.key)) continue;
    const sized = object.key.startsWith(`${sizedUploadsFolder}/`)
      ? object.key
          .split('/')
          .slice(2)
          .join('/')
          .replace(/\.webp$/, '')
      : undefined;
    const orphan =
      (sized !== undefined && !existing.has(sized)) ||
      (object.key.startsWith(variantFolder) && !keptNames.has(nameOf(object.key))) ||
      object.key.startsWith(markerFolder);
    if (!orphan) continue;
    await deps.storage.delete(object.key);
    removed.push(object.key);
  }
  return { removed: [...new Set(removed)] };
}

export interface UploadSweeper {
  /** Sweeps now unless another node holds the lock: the result, or null when skipped. */
  runOnce(now?: number): Promise<SweepResult | null>;
  start(): void;
  stop(): Promise<void>;
}

const lockMs = 10 * 60 * 1000;
const releaseScript =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

/**
 * Runs the sweep every `intervalMs` (first after a random part of it, so nodes started together spread out). With
 * Redis, one node at a time: a lock key `<REDIS_PREFIX>:uploads-sweep` taken with NX and a ten-minute expiry.
 */
export function createUploadSweeper(opts: {
  db: Kysely<Database>;
  storage: UploadStorage;
  log: FastifyBaseLogger;
  /** The node's Redis, for the lock that lets one node sweep at a time, and its outage report. */
  redis?: { url: string; outage: RedisOutage };
  redisPrefix: string;
  intervalMs?: number;
}): UploadSweeper {
  const intervalMs = opts.intervalMs ?? 60 * 60 * 1000;
  const lockKey = `${opts.redisPrefix}:uploads-sweep`;
  let redis: Redis | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<SweepResult | null> | undefined;
  const connection = () => {
    if (!opts.redis) return undefined;
    if (!redis) {
      redis = createRedis(opts.redis.url, {
        lazyConnect: true,
        maxRetriesPerRequest: 1,
        commandTimeout: 2_000,
        connectTimeout: 1_000,
      });
      opts.redis.outage.watch(redis);
    }
    return redis;
  };

  async function sweep(now?: number): Promise<SweepResult | null> {
    const lock = connection();
    const token = randomBytes(12).toString('hex');
    if (lock && (await lock.set(lockKey, token, 'PX', lockMs, 'NX')) !== 'OK') return null;
    try {
      const result = await sweepUploads({ db: opts.db, storage: opts.storage, now });
      if (result.removed.length)
        opts.log.info({ removed: result.removed.length }, 'uploads sweep removed unreferenced files');
      return result;
    } finally {
      await lock?.eval(releaseScript, 1, lockKey, token).catch(() => undefined);
    }
  }

  function runOnce(now?: number): Promise<SweepResult | null> {
    running ??= sweep(now).finally(() => (running = undefined));
    return running;
  }

  const scheduled = () =>
    void runOnce().catch((error: unknown) =>
      opts.log.warn({ err: error }, 'uploads sweep failed (tried again at the next hour)'),
    );

  return {
    runOnce,
    start() {
      if (timer) return;
      timer = setTimeout(
        () => {
          scheduled();
          timer = setInterval(scheduled, intervalMs);
          timer.unref();
        },
        Math.floor(Math.random() * intervalMs),
      );
      timer.unref();
    },
    async stop() {
      clearTimeout(timer);
      clearInterval(timer);
      await running?.catch(() => undefined);
      redis?.disconnect();
    },
  };
}
