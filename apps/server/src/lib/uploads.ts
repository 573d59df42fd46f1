import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { imageVariantWidths } from '@papo/contract/image-variants';
import type { MessageKey } from '@papo/contract/message-keys';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import sharp, { type FormatEnum, type Metadata, type OutputInfo } from 'sharp';
import type { Config } from '../config.js';
import { HttpError, httpError } from './http-error.js';
import { multipartError } from './multipart.js';
import { checkAnimationFrames } from './upload-limits.js';
import { folderStorage } from './uploads/local.js';
import type { SharedUploadsCheck } from './uploads/shared-check.js';
import { s3Storage } from './uploads/s3.js';
import { uploadsPrefix } from './uploads/serve.js';
import { contentTypeOf, isUploadKey, sizedKey, type UploadStorage } from './uploads/storage.js';

export type { UploadStorage } from './uploads/storage.js';
export { isUploadKey } from './uploads/storage.js';
export { registerUploads, uploadsPrefix } from './uploads/serve.js';

/*
 * Files people upload live in the uploads storage (decision 025: DATA_DIR/uploads, a shared folder or an S3-compatible
 * bucket, by UPLOADS_URL) and are served at /uploads/. Only raster images that sharp decodes are kept, and only as
 * sharp re-encodes them, so no uploaded byte is served as is.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploads are kept (UPLOADS_URL). */
    uploads: UploadStorage;
    /** Whether every node reads this node's uploads (checked through Redis; always true without it). */
    uploadsCheck: SharedUploadsCheck;
  }
}

/** The default uploads folder: DATA_DIR/uploads. */
export function uploadsRoot(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

/** The storage UPLOADS_URL names: DATA_DIR/uploads when unset, a folder, or an S3-compatible bucket. */
export function openUploadStorage(config: Pick<Config, 'DATA_DIR' | 'UPLOADS_URL' | 'S3_ENDPOINT' | 'S3_FORCE_PATH_STYLE' | 'UPLOADS_TIMEOUT_MS'>): UploadStorage {
  const location = config.UPLOADS_URL;
  if (location?.kind === 's3') {
    return s3Storage({
      bucket: location.bucket,
      prefix: location.prefix,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      timeoutMs: config.UPLOADS_TIMEOUT_MS,
    });
  }
  return folderStorage(location?.root ?? uploadsRoot(config.DATA_DIR));
}

/** Public path of a stored upload. */
export function uploadUrl(key: string): string {
  return `${uploadsPrefix}${key}`;
}

/** Writes a new object under `folder` with a random name; answers its key (`folder/name.ext`). */
export async function storeUpload(storage: UploadStorage, folder: string, data: Buffer, extension: string): Promise<string> {
  const key = `${folder}/${randomBytes(16).toString('hex')}.${extension}`;
  if (!isUploadKey(key)) throw new Error(`not an upload key: ${key}`);
  await storage.put(key, data, contentTypeOf(key));
  return key;
}

/**
 * Removes a stored upload and every variant made of it (its list variant, its responsive sizes); a key of another
 * shape or an object already gone is ignored.
 */
export async function removeUpload(storage: UploadStorage, key: string): Promise<void> {
  if (!isUploadKey(key)) return;
  const thumbnail = variantKey(key);
  const related = [...imageVariantWidths.map((width) => sizedKey(width, key)), ...(key === thumbnail ? [] : [thumbnail, ...imageVariantWidths.map((width) => sizedKey(width, thumbnail))])];
  // NOTE: the original goes last, so a removal cut short leaves it findable (and swept) rather than orphaned variants.
  await Promise.all(related.map((variant) => storage.delete(variant)));
  await storage.delete(key);
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
 * PNG, JPEG, GIF or WebP is refused with 400 `invalid_image`; more than `maxAnimationFrames` frames, 400
 * `image_too_many_frames`.
 */
export async function cleanImage(bytes: Buffer, box: { width: number; height: number }): Promise<CleanImage> {
  try {
    const metadata = await sharp(bytes, { limitInputPixels: maxInputPixels }).metadata();
    const format = metadata.format;
    const extension = format ? rasterFormats[format] : undefined;
    if (!format || !extension) throw new Error(`refused format ${String(format)}`);
    checkAnimationFrames(metadata);
    const animated = (metadata.pages ?? 1) > 1;
    const data = await sharp(bytes, { limitInputPixels: maxInputPixels, animated, autoOrient: !animated })
      .resize({ width: box.width, height: box.height, fit: 'inside', withoutEnlargement: true })
      .toFormat(format)
      .toBuffer();
    return { data, extension };
  } catch (error) {
    if (error instanceof HttpError) throw error;
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
export async function storeImage(storage: UploadStorage, folder: string, bytes: Buffer, rules: ImageRules): Promise<StoredImage> {
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
  const key = await storeUpload(storage, folder, original.data, extensionOf[staffFormat]);
  const thumbnail = variantKey(key);
  try {
    await storage.put(thumbnail, variant, 'image/webp');
  } catch (error) {
    // NOTE: nothing half-written: an original without its variant is taken back.
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
  return { key, thumbnail, width: original.info.width, height: original.info.height };
}

/** How many files past a batch's limit are still read and refused one by one (a sender's whole folder, say). */
export const maxExtraFiles = 200;

/** One file of a multipart body: its bytes, or why it was not read (too large), by its name on the sender's disk. */
export type ReceivedFile = { filename: string; bytes: Buffer } | { filename: string; refused: MessageKey };

/**
 * Reads a multipart body part by part, handing each file of `fileField` to `onFile` as it arrives (so
 * a batch never sits in memory whole) and answering the text fields. A file over `maxBytes` is handed
 * over as refused (`image_too_large`) and the parts after it are still read; files past `maxFiles`
 * are refused one by one as `too_many_files`, and a body of more than `maxFiles + maxExtraFiles` files is a 413
 * `too_many_files`.
 */
export async function readMultipart(
  request: FastifyRequest,
  opts: { fileField: string; maxBytes: number; maxFiles: number; onFile: (file: ReceivedFile) => Promise<void> },
): Promise<Record<string, string>> {
  if (!request.isMultipart()) throw httpError(400, 'invalid_multipart');
  const fields: Record<string, string> = {};
  let files = 0;
  try {
    // NOTE: files past `maxFiles` are each reported by name (`too_many_files`), up to `maxExtraFiles` of them;
    // a body with more still is refused whole with 413 `too_many_files`.
    // NOTE: with throwFileSizeLimit off a file over the limit is cut short and marked, instead of ending the whole body.
    // The option is read per call (@fastify/multipart index.js) though its types list it only for the plugin.
    const partOptions = {
      throwFileSizeLimit: false,
      limits: { fileSize: opts.maxBytes, files: opts.maxFiles + maxExtraFiles, fields: 20, parts: opts.maxFiles + maxExtraFiles + 20 },
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
        await handled(opts.onFile({ filename: part.filename, refused: 'too_many_files' }));
        continue;
      }
      const bytes = await part.toBuffer();
      await handled(opts.onFile(part.file.truncated ? { filename: part.filename, refused: 'image_too_large' } : { filename: part.filename, bytes }));
    }
  } catch (error) {
    if (error instanceof HandlerFailure) throw error.cause;
    if ((error as { code?: unknown } | null)?.code === 'FST_FILES_LIMIT') throw httpError(413, 'too_many_files');
    throw multipartError(error);
  }
  return fields;
}

/** What the caller's `onFile` threw (a storage that is down, a database error): passed on as it is, not as a bad body. */
class HandlerFailure extends Error {}

async function handled(work: Promise<void>): Promise<void> {
  try {
    await work;
  } catch (error) {
    throw new HandlerFailure('onFile failed', { cause: error });
  }
}

/**
 * Reads a multipart body holding at most one file in `field` and stores nothing: the text fields and the file's
 * bytes. A file over `maxBytes` is a 413 `image_too_large` under `field`, thrown once the whole body is read. The route
 * then checks the fields and the record before anything is stored (`putImageOnRecord`).
 */
export async function receiveOneFile(request: FastifyRequest, opts: { field: string; maxBytes: number }): Promise<{ fields: Record<string, string>; bytes?: Buffer }> {
  let bytes: Buffer | undefined;
  let refused: HttpError | undefined;
  const fields = await readMultipart(request, {
    fileField: opts.field,
    maxBytes: opts.maxBytes,
    maxFiles: 1,
    async onFile(file) {
      if ('refused' in file) refused = httpError(file.refused === 'image_too_large' ? 413 : 400, file.refused, { [opts.field]: [file.refused] });
      else bytes = file.bytes;
    },
  });
  if (refused) throw refused;
  return { fields, bytes };
}

/** A refused image (400/413) names the form's field; a storage that is down stays a 503. */
async function underField<T>(field: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500 && !error.errors) throw httpError(error.statusCode, error.key, { [field]: [error.key] });
    throw error;
  }
}

/** What a record pointed at before, now that it points at the new image. */
export interface Committed<T> {
  result: T;
  /** Upload keys nothing refers to any more (the replaced picture, a slot's old image), removed with their variants. */
  unused: (string | null | undefined)[];
}

/**
 * The one lifecycle of a route that puts an image on a record (decision 025). The route has read the body
 * (`receiveOneFile`) and checked its fields and the record first, so a refused request stores nothing. Then `store`
 * writes the image (a refusal is 400/413 under `field`), `commit` points the record at it and says which keys nothing
 * refers to any more; when `commit` throws, the new image is taken back (`takeBack`, by default its files). Unused
 * keys are removed with their variants; a removal that fails is only logged (the sweep removes it later).
 */
export async function putImageOnRecord<S extends { key: string }, T>(opts: {
  storage: UploadStorage;
  field: string;
  log: FastifyBaseLogger;
  store: () => Promise<S>;
  commit: (stored: S) => Promise<Committed<T>>;
  takeBack?: (stored: S) => Promise<void>;
}): Promise<T> {
  const stored = await underField(opts.field, opts.store);
  let committed: Committed<T>;
  try {
    committed = await opts.commit(stored);
  } catch (error) {
    await (opts.takeBack ?? ((image: S) => removeUpload(opts.storage, image.key)))(stored).catch((failure: unknown) =>
      opts.log.warn({ err: failure, key: stored.key }, 'upload not taken back (the sweep removes it)'),
    );
    throw error;
  }
  await removeUnused(opts.storage, committed.unused, opts.log);
  return committed.result;
}

/** Removes uploads nothing refers to any more, with their variants; a failure is only logged (the sweep retries). */
export async function removeUnused(storage: UploadStorage, keys: Iterable<string | null | undefined>, log: FastifyBaseLogger): Promise<void> {
  for (const key of new Set(keys)) {
    if (!key) continue;
    await removeUpload(storage, key).catch((error: unknown) => log.warn({ err: error, key }, 'unused upload not removed (the sweep removes it)'));
  }
}
