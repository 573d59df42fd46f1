import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { imageVariantWidths, sizedUploadsFolder, type ImageVariantWidth } from '@papo/contract/image-variants';
import type { MessageKey } from '@papo/contract/message-keys';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import sharp, { type FormatEnum, type Metadata, type OutputInfo } from 'sharp';
import { HttpError, httpError } from './http-error.js';
import { multipartError } from './multipart.js';

/*
 * Files people upload live under DATA_DIR/uploads and are served at /uploads/. Only raster images
 * that sharp decodes are kept, and only as sharp re-encodes them, so no uploaded byte is served as is.
 */

export const uploadsPrefix = '/uploads/';

/** `<folder>/<random>.<ext>` as written by storeUpload; nothing else is served or touched on disk. */
const uploadKey = /^[a-z]+\/[a-f0-9]{32}\.(png|jpg|gif|webp)$/;

/** Whether `key` has the shape of a stored upload (`folder/name.ext`), e.g. an article cover. */
export function isUploadKey(key: string): boolean {
  return uploadKey.test(key);
}

export function uploadsRoot(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

// NOTE: files are never rewritten (each upload gets a new random name), so they can be cached for good.
const immutable = 'public, max-age=31536000, immutable';
// NOTE: an upload opened directly must not run anything, even if a browser were to sniff it as a document.
const uploadPolicy = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/** Serves DATA_DIR/uploads at /uploads/: files only (no listing, no index, no dotfiles), inert headers. */
export async function registerUploads(app: FastifyInstance, dataDir: string): Promise<void> {
  const root = uploadsRoot(dataDir);
  await mkdir(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: uploadsPrefix,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    cacheControl: false,
    // NOTE: only names storeUpload could have written; directories and anything else are simply not found.
    allowedPath: (pathName) => uploadKey.test(pathName.replace(/^\//, '')),
    setHeaders(reply) {
      reply.header('x-content-type-options', 'nosniff');
      reply.header('content-security-policy', uploadPolicy);
      reply.header('cache-control', immutable);
    },
  });
  const variants = sizedVariants(root);
  app.get<{ Params: { width: string; folder: string; file: string } }>(`${uploadsPrefix}${sizedUploadsFolder}/:width/:folder/:file`, async (request, reply) => {
    const { width, folder, file } = request.params;
    const key = `${folder}/${file.replace(/\.webp$/, '')}`;
    const size = Number(width) as ImageVariantWidth;
    if (!file.endsWith('.webp') || !uploadKey.test(key) || !imageVariantWidths.includes(size)) return reply.status(404).send({ message: 'not_found' });
    const data = await variants.get(size, key);
    if (!data) return reply.status(404).send({ message: 'not_found' });
    return reply
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', uploadPolicy)
      .header('cache-control', immutable)
      .type('image/webp')
      .send(data);
  });
}

/**
 * The responsive WebP variants (`sized/<width>/<key>.webp`), made from the stored upload on their first request
 * and kept beside it, so every upload has them, old and demo ones too, with no pass over the folder (decision 019).
 * Widths are a fixed few, so a caller cannot make the server resize to any size; a variant being made is awaited,
 * not made twice; nodes sharing the folder write through a rename, so none reads a half-written file.
 */
function sizedVariants(root: string) {
  const making = new Map<string, Promise<Buffer | null>>();
  async function make(width: ImageVariantWidth, key: string, file: string): Promise<Buffer | null> {
    let data: Buffer;
    try {
      data = await sharp(path.join(root, key), { animated: true }).resize({ width, withoutEnlargement: true }).webp({ quality: 75 }).toBuffer();
    } catch {
      // NOTE: no such upload (or unreadable): not found, as the original itself would be.
      return null;
    }
    await mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${randomBytes(6).toString('hex')}.part`;
    await writeFile(partial, data);
    await rename(partial, file);
    return data;
  }
  return {
    async get(width: ImageVariantWidth, key: string): Promise<Buffer | null> {
      const file = path.join(root, sizedUploadsFolder, String(width), `${key}.webp`);
      const kept = await readFile(file).catch(() => null);
      if (kept) return kept;
      let pending = making.get(file);
      if (!pending) {
        pending = make(width, key, file).finally(() => making.delete(file));
        making.set(file, pending);
      }
      return pending;
    },
  };
}

/** Public path of a stored upload. */
export function uploadUrl(key: string): string {
  return `${uploadsPrefix}${key}`;
}

/** Writes a new file under `folder` with a random name; answers its key (`folder/name.ext`). */
export async function storeUpload(dataDir: string, folder: string, data: Buffer, extension: string): Promise<string> {
  const key = `${folder}/${randomBytes(16).toString('hex')}.${extension}`;
  if (!uploadKey.test(key)) throw new Error(`not an upload key: ${key}`);
  await mkdir(path.join(uploadsRoot(dataDir), folder), { recursive: true });
  await writeFile(path.join(uploadsRoot(dataDir), key), data, { flag: 'wx' });
  return key;
}

/** Removes a stored upload; a key of another shape or a file already gone is ignored. */
export async function removeUpload(dataDir: string, key: string): Promise<void> {
  if (!uploadKey.test(key)) return;
  await rm(path.join(uploadsRoot(dataDir), key), { force: true });
}

/** Raster formats accepted, and the extension each is stored with. SVG is not one: it can carry script. */
const rasterFormats: Partial<Record<keyof FormatEnum, string>> = { png: 'png', jpeg: 'jpg', gif: 'gif', webp: 'webp' };

// NOTE: well above any photo from a phone, well below what a decompression bomb asks for.
const maxInputPixels = 50_000_000;

export interface CleanImage {
  data: Buffer;
  extension: string;
}

/**
 * Decodes an upload with sharp and re-encodes it in its own format: metadata dropped, turned upright,
 * shrunk to fit `width`×`height` (never enlarged), animation kept. Anything sharp cannot read as
 * PNG, JPEG, GIF or WebP is refused with 400 `invalid_image`.
 */
export async function cleanImage(bytes: Buffer, box: { width: number; height: number }): Promise<CleanImage> {
  try {
    const metadata = await sharp(bytes, { limitInputPixels: maxInputPixels }).metadata();
    const format = metadata.format;
    const extension = format ? rasterFormats[format] : undefined;
    if (!format || !extension) throw new Error(`refused format ${String(format)}`);
    const animated = (metadata.pages ?? 1) > 1;
    const data = await sharp(bytes, { limitInputPixels: maxInputPixels, animated, autoOrient: !animated })
      .resize({ width: box.width, height: box.height, fit: 'inside', withoutEnlargement: true })
      .toFormat(format)
      .toBuffer();
    return { data, extension };
  } catch {
    // NOTE: sharp throws for every unreadable input (empty, cut short, unknown format, too many pixels).
    throw httpError(400, 'invalid_image');
  }
}

/** The formats the staff uploads take (issue 13): JPEG and PNG, and WebP where a caller allows it. */
export type StaffImageFormat = 'jpeg' | 'png' | 'webp';

export interface ImageRules {
  formats: readonly StaffImageFormat[];
  /** Largest file in bytes (checked by the caller while reading; here for files already in memory). */
  maxBytes: number;
  /** Largest width × height. */
  maxPixels: number;
  /** Width of the WebP variant for lists. */
  variantWidth: number;
  /** The box the kept original is shrunk into (never enlarged); without it the original keeps its size. */
  fit?: { width: number; height: number };
}

export interface StoredImage {
  /** Upload key of the cleaned original. */
  key: string;
  /** Upload key of the WebP variant (`thumbs/<same name>.webp`). */
  thumbnail: string;
  width: number;
  height: number;
}

/** Folder of the list variants; a variant has its original's random name, so one key gives the other. */
const variantFolder = 'thumbs';

/** The key of the list variant of an upload stored by `storeImage`. */
export function variantKey(key: string): string {
  return `${variantFolder}/${path.basename(key, path.extname(key))}.webp`;
}

/*
 * Text a browser would read as a document. A file holding it is refused even when it decodes as an
 * image (a PNG/HTML polyglot): the stored copy is re-encoded anyway, but the sender meant harm. In
 * compressed image data these exact sequences are vanishingly rare.
 */
const markup = /<(?:script|html|!doctype|body|iframe|svg|object|embed)[\s>/]/i;

function containsMarkup(bytes: Buffer): boolean {
  // latin1 maps every byte to one character, so the regex scans the raw bytes.
  return markup.test(bytes.toString('latin1'));
}

const extensionOf: Record<StaffImageFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };

/**
 * Checks an image against `rules` and stores it: the bytes decide the type (never the name or the
 * declared type), the header's size is checked before any decoding (a 50,000 × 50,000 header is
 * refused without allocating it), then it is decoded, turned upright, stripped of metadata and
 * re-encoded, and a WebP variant `variantWidth` wide is written beside it. Refusals are 400 / 413
 * with a key: `image_too_large`, `invalid_image`, `image_type_refused`, `image_contains_markup`,
 * `image_too_many_pixels`.
 */
export async function storeImage(dataDir: string, folder: string, bytes: Buffer, rules: ImageRules): Promise<StoredImage> {
  if (bytes.length > rules.maxBytes) throw httpError(413, 'image_too_large');
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw httpError(400, 'invalid_image');
  }
  const format = metadata.format as string | undefined;
  if (!format || !(rules.formats as readonly string[]).includes(format)) throw httpError(400, 'image_type_refused');
  if (containsMarkup(bytes)) throw httpError(400, 'image_contains_markup');
  if (!metadata.width || !metadata.height || metadata.width * metadata.height > rules.maxPixels) {
    throw httpError(400, 'image_too_many_pixels');
  }
  const staffFormat = format as StaffImageFormat;
  let original: { data: Buffer; info: OutputInfo };
  let variant: Buffer;
  try {
    const decoded = sharp(bytes, { limitInputPixels: rules.maxPixels, autoOrient: true });
    const kept = rules.fit ? decoded.clone().resize({ ...rules.fit, fit: 'inside', withoutEnlargement: true }) : decoded.clone();
    original = await kept.toFormat(staffFormat).toBuffer({ resolveWithObject: true });
    variant = await decoded
      .clone()
      .resize({ width: rules.variantWidth, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    // NOTE: a header that reads well over a body that does not (cut short, corrupt) ends here.
    throw httpError(400, 'invalid_image');
  }
  const key = await storeUpload(dataDir, folder, original.data, extensionOf[staffFormat]);
  const thumbnail = variantKey(key);
  await mkdir(path.join(uploadsRoot(dataDir), variantFolder), { recursive: true });
  await writeFile(path.join(uploadsRoot(dataDir), thumbnail), variant, { flag: 'wx' });
  return { key, thumbnail, width: original.info.width, height: original.info.height };
}

/** One file of a multipart body: its bytes, or why it was not read (too large), by its name on the sender's disk. */
export type ReceivedFile = { filename: string; bytes: Buffer } | { filename: string; refused: MessageKey };

/**
 * Reads a multipart body part by part, handing each file of `fileField` to `onFile` as it arrives (so
 * a batch never sits in memory whole) and answering the text fields. A file over `maxBytes` is handed
 * over as refused (`image_too_large`) and the parts after it are still read; files past `maxFiles`
 * are refused as `too_many_files`.
 */
export async function readMultipart(
  request: FastifyRequest,
  opts: { fileField: string; maxBytes: number; maxFiles: number; onFile: (file: ReceivedFile) => Promise<void> },
): Promise<Record<string, string>> {
  if (!request.isMultipart()) throw httpError(400, 'invalid_multipart');
  const fields: Record<string, string> = {};
  let files = 0;
  try {
    // NOTE: one file more than allowed is read, so the extra one is reported by its name, not as a dropped body.
    // NOTE: with throwFileSizeLimit off a file over the limit is cut short and marked, instead of ending the whole body.
    // The option is read per call (@fastify/multipart index.js) though its types list it only for the plugin.
    const partOptions = {
      throwFileSizeLimit: false,
      limits: { fileSize: opts.maxBytes, files: opts.maxFiles + 1, fields: 20, parts: opts.maxFiles + 21 },
    } as Parameters<FastifyRequest['parts']>[0];
    const parts = request.parts(partOptions);
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== opts.fileField) {
        part.file.resume();
        continue;
      }
      files += 1;
      if (files > opts.maxFiles) {
        part.file.resume();
        await opts.onFile({ filename: part.filename, refused: 'too_many_files' });
        continue;
      }
      const bytes = await part.toBuffer();
      await opts.onFile(part.file.truncated ? { filename: part.filename, refused: 'image_too_large' } : { filename: part.filename, bytes });
    }
  } catch (error) {
    throw multipartError(error);
  }
  return fields;
}

/**
 * Reads a multipart body holding at most one image in `field`, stores it with `store` and answers the
 * text fields with the stored image; a refused file is a 400/413 with its key under `field`, thrown after
 * the whole body was read.
 */
export async function readOneImage(
  request: FastifyRequest,
  opts: { field: string; maxBytes: number; store: (bytes: Buffer) => Promise<StoredImage> },
): Promise<{ fields: Record<string, string>; image?: StoredImage }> {
  let image: StoredImage | undefined;
  let refused: HttpError | undefined;
  const fields = await readMultipart(request, {
    fileField: opts.field,
    maxBytes: opts.maxBytes,
    maxFiles: 1,
    async onFile(file) {
      if ('refused' in file) {
        refused = httpError(file.refused === 'image_too_large' ? 413 : 400, file.refused, { [opts.field]: [file.refused] });
        return;
      }
      try {
        image = await opts.store(file.bytes);
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        refused = httpError(error.statusCode, error.key, { [opts.field]: [error.key] });
      }
    },
  });
  if (refused) throw refused;
  return { fields, image };
}
