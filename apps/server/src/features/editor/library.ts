import {
  imageLibraryRoutes as routes,
  libraryImportLimits,
  uploadLimits,
  type LibraryImageUse,
} from '@papo/contract/editor';
import { sql, type Kysely } from 'kysely';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/schema.js';
import { serve } from '../../lib/api-route.js';
import { httpError } from '../../lib/http-error.js';
import { systemResolver, type Resolver } from '../../lib/outbound-address.js';
import { fetchOutside } from '../../lib/outbound-fetch.js';
import { addToLibrary, isInLibrary, libraryFolder, libraryRules, removeFromLibrary } from '../uploads/index.js';
import { containsPattern } from './repo.js';

type Db = Kysely<Database>;

/**
 * Every place that shows the library image `key`: articles whose live text or unpublished changes name it
 * (cover, image list, body), stores (cover, live or drafted; slot), bio entries and profiles. Old revisions do not count: restoring one
 * whose image is gone shows the text without it.
 */
async function findImageUses(db: Db, key: string): Promise<LibraryImageUse[]> {
  const named = containsPattern(key);
  const names = (column: string) => sql<boolean>`${sql.ref(column)} like ${named} escape '\\'`;
  const [live, drafts, stores, slots, bio, profiles] = await Promise.all([
    db
      .selectFrom('articles')
      .select(['id', 'title'])
      .where((eb) => eb.or([eb('cover', '=', key), names('images'), names('content')]))
      .execute(),
    db
      .selectFrom('article_heads as h')
      .innerJoin('article_revisions as r', 'r.id', 'h.head_revision_id')
      .innerJoin('articles as a', 'a.id', 'h.article_id')
      .select(['a.id', 'a.title'])
      .whereRef('h.head_revision_id', '!=', 'h.live_revision_id')
      .where((eb) => eb.or([eb('r.cover', '=', key), names('r.images'), names('r.content')]))
      .execute(),
    // A store's cover, live or in its unpublished changes (decision 028).
    db
      .selectFrom('stores as s')
      .leftJoin('store_drafts as d', 'd.store_id', 's.id')
      .select(['s.id', 's.name'])
      .where((eb) => eb.or([eb('s.cover', '=', key), eb('d.cover', '=', key)]))
      .execute(),
    db
      .selectFrom('store_items as i')
      .innerJoin('stores as s', 's.id', 'i.store_id')
      .select(['s.id', 's.name'])
      .where((eb) => eb.or([eb('i.image', '=', key), eb('i.thumbnail', '=', key)]))
      .execute(),
    db.selectFrom('bio_entries').select(['id', 'tag']).where('photo_path', '=', key).execute(),
    db.selectFrom('users').select(['id', 'username']).where('profile_image', '=', key).execute(),
  ]);
  const uses = [
    ...[...live, ...drafts].map((row) => ({ kind: 'article' as const, id: row.id, label: row.title })),
    ...[...stores, ...slots].map((row) => ({ kind: 'store' as const, id: row.id, label: row.name })),
    ...bio.map((row) => ({ kind: 'bio' as const, id: row.id, label: row.tag })),
    ...profiles.map((row) => ({ kind: 'profile' as const, id: row.id, label: row.username })),
  ];
  // One line per place, however many times it names the image.
  return uses.filter((use, at) => uses.findIndex((other) => other.kind === use.kind && other.id === use.id) === at);
}

/** The library key of the path (`/api/uploads/library/{name}`); any other, or one not in the library, is 404 `upload_not_found`. */
async function libraryKeyOf(db: Db, { folder, file }: { folder: string; file: string }): Promise<string> {
  const key = `${folder}/${file}`;
  if (folder !== libraryFolder || !(await isInLibrary(db, key))) throw httpError(404, 'upload_not_found');
  return key;
}

/** Whether bytes begin as a raster image does (PNG, JPEG, GIF, WebP); the library's own rules judge the rest. */
function looksLikeImage(head: Buffer): boolean {
  const ascii = head.toString('latin1', 0, 12);
  return (
    head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) ||
    (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) ||
    ascii.startsWith('GIF8') ||
    (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WEBP')
  );
}

/**
 * Deleting a library image, staff only: refused with 409 `image_in_use` and its `uses` while anything shows
 * it; otherwise its row, its file and every variant of it go. `GET …/uses` lets the screen say so before asking.
 */
export const libraryRoutes: FastifyPluginAsync<{ resolve?: Resolver }> = async (app, opts) => {
  const production = app.config.NODE_ENV === 'production';
  const resolve = opts.resolve ?? systemResolver;

  /**
   * An image from outside, fetched by the server (the site's CSP keeps the browser to its own origin) through the
   * outbound address policy the push sender uses, and stored like an upload to the library (decision 040).
   */
  serve(
    app,
    routes.importImage,
    async ({ body: { url }, user }) => {
      const fetched = await fetchOutside(url, {
        production,
        resolve,
        maxBytes: uploadLimits.bytes,
        timeoutMs: libraryImportLimits.timeoutMs,
        maxRedirects: libraryImportLimits.redirects,
        sniff: looksLikeImage,
        sniffBytes: 12,
      });
      switch (fetched.kind) {
        case 'refused':
          throw httpError(400, 'import_address_refused', { url: ['import_address_refused'] });
        case 'too_large':
          throw httpError(413, 'image_too_large');
        case 'unwanted':
          throw httpError(400, 'import_not_image');
        case 'unreachable':
          throw httpError(422, 'import_unreachable');
      }
      return (await addToLibrary(app.db, app.uploads, fetched.bytes, libraryRules, user.userId)).file;
    },
    { preHandler: app.uploadLimit },
  );

  serve(app, routes.uses, async ({ params }) => ({
    uses: await findImageUses(app.db, await libraryKeyOf(app.db, params)),
  }));

  serve(app, routes.remove, async ({ params, reply }) => {
    const key = await libraryKeyOf(app.db, params);
    const uses = await findImageUses(app.db, key);
    if (uses.length > 0) return reply.status(409).send({ message: 'image_in_use', uses });
    await removeFromLibrary(app.db, app.uploads, key);
    return reply.status(204).send();
  });
};
