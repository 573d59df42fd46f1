import { imageVariantWidths, sizedUploadsFolder, type ImageVariantWidth } from '@papo/contract/image-variants';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseByteRange } from '../../lib/byte-range.js';
import { matchesEtag } from '../../lib/conditional.js';
import { sizedWebp } from './images.js';
import { uploadsPrefix } from './objects.js';
import { isUploadKey, sizedKey, type ObjectInfo, type UploadStorage } from './storage/storage.js';

/*
 * Serving the uploads storage at /uploads/ (decision 025): the stored objects with the headers of static files, the
 * responsive variants made on first request, or a redirect to UPLOADS_PUBLIC_URL.
 */

// files are never rewritten (each upload gets a new random name), so they can be cached for good.
const immutable = 'public, max-age=31536000, immutable';
// an upload opened directly must not run anything, even if a browser were to sniff it as a document.
const uploadPolicy = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/**
 * The folders of pictures the public site shows (article covers and images, the biography's photos, the stores'
 * pictures, their list and responsive variants): other sites and feed readers may show them, so they are readable
 * cross-origin. Members' profile pictures keep the site-wide `same-origin` (decision 039).
 */
const publicFolders = new Set(['articles', 'bio', 'stores', 'library', 'thumbs']);

/** Whether the upload at `key` (`folder/name.ext`, or `sized/<width>/folder/name.webp`) is a public picture. */
function isPublicPicture(key: string): boolean {
  const parts = key.split('/');
  const folder = parts[0] === sizedUploadsFolder ? parts[2] : parts[0];
  return folder !== undefined && publicFolders.has(folder);
}

function objectHeaders(reply: FastifyReply, key: string, info: ObjectInfo): FastifyReply {
  if (isPublicPicture(key)) reply.header('cross-origin-resource-policy', 'cross-origin');
  return reply
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', uploadPolicy)
    .header('cache-control', immutable)
    .header('accept-ranges', 'bytes')
    .header('etag', info.etag)
    .header('last-modified', info.lastModified.toUTCString());
}

/**
 * Answers one stored object with the headers of a static file: its stored type, `nosniff`, a sandboxing CSP,
 * immutable caching, its ETag (304 for a match) and one byte range (206, or 416 past its end).
 */
async function sendObject(
  storage: UploadStorage,
  key: string,
  request: FastifyRequest,
  reply: FastifyReply,
  /** Makes a missing object (a variant on its first request); true when it now exists. */
  make?: () => Promise<boolean>,
): Promise<FastifyReply> {
  // an object that may still have to be made is read first and made only when missing: no stat beforehand.
  const read = async <T>(attempt: () => Promise<T | null>): Promise<T | null> =>
    (await attempt()) ?? (make && (await make()) ? attempt() : null);
  const range = request.headers.range;
  const ifNoneMatch = request.headers['if-none-match'];
  // HEAD runs this too (Fastify's HEAD route drops the body and keeps its length).
  if (!range && !ifNoneMatch) {
    const object = await read(() => storage.get(key));
    if (!object) return reply.status(404).send({ message: 'not_found' });
    return objectHeaders(reply, key, object).type(object.contentType).send(object.body);
  }
  const info = await read(() => storage.head(key));
  if (!info) return reply.status(404).send({ message: 'not_found' });
  if (matchesEtag(ifNoneMatch, info.etag))
    return objectHeaders(reply, key, info).type(info.contentType).status(304).send();
  const wanted = parseByteRange(range, info.size);
  if (wanted === null)
    return reply.status(416).header('content-range', `bytes */${info.size}`).send({ message: 'range_not_satisfiable' });
  const object = await storage.get(key, wanted === 'whole' ? undefined : wanted);
  if (!object) return reply.status(404).send({ message: 'not_found' });
  objectHeaders(reply, key, object).type(object.contentType);
  if (wanted === 'whole') return reply.send(object.body);
  return reply
    .status(206)
    .header('content-range', `bytes ${wanted.start}-${wanted.end}/${object.size}`)
    .send(object.body);
}

/**
 * Serves the uploads storage at /uploads/: stored uploads only (no listing, no index, nothing but a key's shape),
 * inert headers. With UPLOADS_PUBLIC_URL, the node answers with a redirect to the same key under that base.
 */
export async function registerUploads(app: FastifyInstance, opts: { publicUrl?: string } = {}): Promise<void> {
  const storage = app.uploads;
  const elsewhere = (reply: FastifyReply, key: string) =>
    reply.header('cache-control', 'public, max-age=86400').redirect(`${opts.publicUrl}/${key}`, 301);

  app.get<{ Params: { '*': string } }>(`${uploadsPrefix}*`, async (request, reply) => {
    const key = request.params['*'];
    if (!isUploadKey(key)) return reply.status(404).send({ message: 'not_found' });
    if (opts.publicUrl) return elsewhere(reply, key);
    return sendObject(storage, key, request, reply);
  });

  const variants = sizedVariants(storage);
  app.get<{ Params: { width: string; folder: string; file: string } }>(
    `${uploadsPrefix}${sizedUploadsFolder}/:width/:folder/:file`,
    async (request, reply) => {
      const { width, folder, file } = request.params;
      const key = `${folder}/${file.replace(/\.webp$/, '')}`;
      const size = imageVariantWidths.find((made) => made === Number(width));
      if (!file.endsWith('.webp') || !isUploadKey(key) || size === undefined)
        return reply.status(404).send({ message: 'not_found' });
      if (opts.publicUrl) {
        const variant = await variants.ensure(size, key);
        return variant ? elsewhere(reply, variant) : reply.status(404).send({ message: 'not_found' });
      }
      return sendObject(
        storage,
        sizedKey(size, key),
        request,
        reply,
        async () => (await variants.make(size, key)) !== null,
      );
    },
  );
}

/**
 * The responsive WebP variants (`sized/<width>/<key>.webp`), made from the stored upload on their first request
 * and kept beside it in the same storage, so every upload has them, old and demo ones too, with no pass over the
 * storage (decision 019). Widths are a fixed few, so a caller cannot make the server resize to any size; a variant
 * being made is awaited, not made twice; the storage writes whole objects, so no node reads half of one.
 */
function sizedVariants(storage: UploadStorage) {
  const making = new Map<string, Promise<string | null>>();
  async function make(width: ImageVariantWidth, key: string, variant: string): Promise<string | null> {
    const original = await storage.get(key);
    if (!original) return null;
    let data: Buffer;
    try {
      data = await sizedWebp(original.body, width);
    } catch {
      // an unreadable original: not found, as it would be were it missing.
      return null;
    }
    await storage.put(variant, data, 'image/webp');
    return variant;
  }
  return {
    /** The variant's key once it is stored; null when the upload does not exist. */
    async ensure(width: ImageVariantWidth, key: string): Promise<string | null> {
      const variant = sizedKey(width, key);
      return (await storage.head(variant)) ? variant : this.make(width, key);
    },
    /** Makes the variant (once at a time per node) and answers its key; null when the upload does not exist. */
    make(width: ImageVariantWidth, key: string): Promise<string | null> {
      const variant = sizedKey(width, key);
      let pending = making.get(variant);
      if (!pending) {
        pending = make(width, key, variant).finally(() => making.delete(variant));
        making.set(variant, pending);
      }
      return pending;
    },
  };
}
