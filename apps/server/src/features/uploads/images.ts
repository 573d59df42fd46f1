import { availableParallelism } from 'node:os';
import sharp, { type FormatEnum, type Metadata, type OutputInfo, type Sharp } from 'sharp';
import { HttpError, httpError } from '../../lib/http-error.js';
import { checkAnimationFrames } from './limits.js';
import { storeUpload, variantKey } from './objects.js';
import type { UploadStorage } from './storage/storage.js';
import { isOneOf } from '@papo/contract/one-of';

/** Raster formats accepted, and the extension each is stored with. SVG is not one: it can carry script. */
const rasterFormats: Partial<Record<keyof FormatEnum, string>> = { png: 'png', jpeg: 'jpg', gif: 'gif', webp: 'webp' };

// well above any photo from a phone, well below what a decompression bomb asks for.
const maxInputPixels = 50_000_000;

/*
 * The image pool (decision 032; `imageSlots` is exported for its test). Decoding and resizing run on Node's thread
 * pool (sharp's workers), which also reads every file the site serves: 4–8 large uploads held all of its threads and
 * a static file waited seconds behind them. So at most `imageSlots` images are worked on at once, one
 * libvips thread each, and the others wait their turn here, holding no thread: the pool keeps at least two threads
 * for files, and on 2 cores one core for the event loop.
 */
const threadPoolSize = Number(process.env.UV_THREADPOOL_SIZE) || 4;
export const imageSlots = Math.max(1, Math.min(availableParallelism() - 1, threadPoolSize - 2));
sharp.concurrency(1);
let imagesBusy = 0;
const imagesWaiting: (() => void)[] = [];

/** Runs `work` (a decode, resize and encode) when one of the image slots is free. */
async function inImagePool<T>(work: () => Promise<T>): Promise<T> {
  if (imagesBusy >= imageSlots) await new Promise<void>((resume) => imagesWaiting.push(resume));
  else imagesBusy += 1;
  try {
    return await work();
  } finally {
    // the slot passes straight to the next in line (the count stays), or is given back.
    const next = imagesWaiting.shift();
    if (next) next();
    else imagesBusy -= 1;
  }
}

/**
 * The one decoding step of every upload: sharp reads at most `maxPixels`, keeps an animation's frames, and turns a
 * still image upright. Every output is made from this by `reencoded`, so no uploaded byte is served as is.
 */
function decoded(bytes: Buffer, opts: { maxPixels: number; animated?: boolean }): Sharp {
  const animated = opts.animated ?? false;
  return sharp(bytes, { limitInputPixels: opts.maxPixels, animated, autoOrient: !animated });
}

/** The kept copy: metadata dropped, shrunk into `fit` (never enlarged) when given, written in `format`. */
function reencoded(image: Sharp, format: keyof FormatEnum, fit?: { width: number; height: number }): Sharp {
  const copy = image.clone();
  return (fit ? copy.resize({ ...fit, fit: 'inside', withoutEnlargement: true }) : copy).toFormat(format);
}

/**
 * A sized variant made while serving (serve.ts): the stored upload shrunk to `width` (never enlarged) as
 * WebP, animation kept. It runs in the image pool like an upload's work: a page of new thumbnails asked at once is
 * image work too, and must not take the threads that read files (decision 032).
 */
export function sizedWebp(original: Buffer, width: number): Promise<Buffer> {
  return inImagePool(() =>
    sharp(original, { animated: true }).resize({ width, withoutEnlargement: true }).webp({ quality: 75 }).toBuffer(),
  );
}

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
    const data = await inImagePool(() =>
      reencoded(decoded(bytes, { maxPixels: maxInputPixels, animated }), format, box).toBuffer(),
    );
    return { data, extension };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // sharp throws for every unreadable input (empty, cut short, unknown format, too many pixels).
    throw httpError(400, 'invalid_image');
  }
}

/** The formats the staff uploads take: JPEG and PNG, and WebP where a caller allows it. */
type StaffImageFormat = 'jpeg' | 'png' | 'webp';

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
export async function storeImage(
  storage: UploadStorage,
  folder: string,
  bytes: Buffer,
  rules: ImageRules,
): Promise<StoredImage> {
  if (bytes.length > rules.maxBytes) throw httpError(413, 'image_too_large');
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw httpError(400, 'invalid_image');
  }
  const staffFormat = metadata.format;
  if (!isOneOf(rules.formats, staffFormat)) throw httpError(400, 'image_type_refused');
  if (containsMarkup(bytes)) throw httpError(400, 'image_contains_markup');
  if (!metadata.width || !metadata.height || metadata.width * metadata.height > rules.maxPixels) {
    throw httpError(400, 'image_too_many_pixels');
  }
  let original: { data: Buffer; info: OutputInfo };
  let variant: Buffer;
  try {
    const image = decoded(bytes, { maxPixels: rules.maxPixels });
    [original, variant] = await inImagePool(
      async () =>
        [
          await reencoded(image, staffFormat, rules.fit).toBuffer({ resolveWithObject: true }),
          await image
            .clone()
            .resize({ width: rules.variantWidth, withoutEnlargement: true })
            .webp({ quality: 80 })
            .toBuffer(),
        ] as const,
    );
  } catch {
    // a header that reads well over a body that does not (cut short, corrupt) ends here.
    throw httpError(400, 'invalid_image');
  }
  const key = await storeUpload(storage, folder, original.data, extensionOf[staffFormat]);
  const thumbnail = variantKey(key);
  try {
    await storage.put(thumbnail, variant, 'image/webp');
  } catch (error) {
    // nothing half-written: an original without its variant is taken back.
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
  return { key, thumbnail, width: original.info.width, height: original.info.height };
}
