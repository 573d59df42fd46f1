import { sizedUploadsFolder, type ImageVariantWidth } from '@papo/contract/image-variants';
import { httpError, retryAfter, type HttpError } from '../../../lib/http-error.js';

/*
 * Where uploads are kept (decision 025): one interface, a local folder or an S3-compatible bucket behind it, chosen
 * by UPLOADS_URL. Keys are the upload keys (`folder/name.ext`, `thumbs/name.webp`, `sized/400/folder/name.ext.webp`);
 * objects are written whole and never rewritten (every upload has a random name).
 */

/** What is known of a stored object without reading it. */
export interface ObjectInfo {
  size: number;
  /** The type the object was stored with (S3), or the one its extension names (folder). */
  contentType: string;
  /** A strong validator, the same on every node reading the same storage. */
  etag: string;
  lastModified: Date;
}

/** Bytes `start`–`end` of an object, both included. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface ObjectRead extends ObjectInfo {
  /** The whole object, or the range asked for. */
  body: Buffer;
}

export interface ListedObject {
  key: string;
  size: number;
  lastModified: Date;
}

export interface UploadStorage {
  /** What UPLOADS_URL named (a folder or `s3://bucket/prefix`), for log lines. */
  readonly location: string;
  /** Writes the whole object at once: a reader sees all of it or nothing. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The object (or `range` of it); null when there is none. */
  get(key: string, range?: ByteRange): Promise<ObjectRead | null>;
  head(key: string): Promise<ObjectInfo | null>;
  /** Removes the object; one already gone is no error. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix`, in no promised order. */
  list(prefix: string): AsyncIterable<ListedObject>;
  close(): Promise<void>;
}

/** The storage could not be reached or refused the work: the request is answered 503 `uploads_unavailable`. */
export function uploadsUnavailable(cause: unknown): HttpError {
  const error = retryAfter(httpError(503, 'uploads_unavailable'), 5);
  error.cause = cause;
  return error;
}

const typesByExtension: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** The type of an upload by its key's extension (every key ends in one of the four raster types). */
export function contentTypeOf(key: string): string {
  return typesByExtension[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

/** `<folder>/<random>.<ext>` as written by storeUpload; nothing else is served or touched. */
const uploadKey = /^[a-z]+\/[a-f0-9]{32}\.(png|jpg|gif|webp)$/;

/** Whether `key` has the shape of a stored upload (`folder/name.ext`), e.g. an article cover. */
export function isUploadKey(key: string): boolean {
  return uploadKey.test(key);
}

/** The key of a responsive variant (`sized/<width>/<key>.webp`). */
export function sizedKey(width: ImageVariantWidth, key: string): string {
  return `${sizedUploadsFolder}/${width}/${key}.webp`;
}
