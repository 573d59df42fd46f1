import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import sharp, { type FormatEnum } from 'sharp';
import { httpError } from './http-error.js';

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
