import { createHash } from 'node:crypto';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import {
  uploadsUnavailable,
  type ByteRange,
  type ListedObject,
  type ObjectInfo,
  type ObjectRead,
  type UploadStorage,
} from './storage.js';

// the SDK is pinned to a release that runs on Node 20 (engines >=20, decision 025); its notice that releases
// after January 2027 will ask for Node 22 is printed once per process otherwise, into every log.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export interface S3Options {
  bucket: string;
  /** Prepended to every key (`uploads/`), or empty. */
  prefix: string;
  /** S3_ENDPOINT: a compatible service (MinIO, R2, Backblaze…); AWS's own when unset. */
  endpoint?: string;
  /** S3_FORCE_PATH_STYLE: `endpoint/bucket/key` instead of `bucket.endpoint/key`. */
  forcePathStyle?: boolean;
  /** How long a request may wait for the service before the storage counts as unavailable. */
  timeoutMs: number;
  /** Credentials and region; the SDK's standard chain (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_REGION, …) when unset. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  region?: string;
}

function notFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound')
  );
}

/** Any answer but a missing object (a 5xx, a refusal, a timeout, no connection) makes the storage unavailable. */
function failure(error: unknown): never {
  throw uploadsUnavailable(error);
}

/**
 * Uploads in an S3-compatible bucket. Objects are sent whole with their length and MD5 (which every compatible service
 * checks), and the SDK's newer CRC checksums and chunked uploads are off, so any service stores and reads back the
 * same bytes.
 */
export function s3Storage(opts: S3Options): UploadStorage {
  const client = new S3Client({
    endpoint: opts.endpoint,
    forcePathStyle: opts.forcePathStyle ?? false,
    region: opts.region ?? process.env.AWS_REGION ?? 'us-east-1',
    credentials: opts.credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // one retry after a 5xx or a lost connection; then the request answers 503 instead of waiting on.
    maxAttempts: 2,
    requestHandler: { connectionTimeout: opts.timeoutMs, requestTimeout: opts.timeoutMs },
  });
  const Bucket = opts.bucket;
  // a bucket that takes the connection and never answers is cut off after the timeout, whatever the SDK's
  // socket options do; the request is then answered 503.
  const send: S3Client['send'] = ((command: Parameters<S3Client['send']>[0]) =>
    client.send(command, { abortSignal: AbortSignal.timeout(opts.timeoutMs) })) as S3Client['send'];
  const objectKey = (key: string) => `${opts.prefix}${key}`;
  const infoOf = (answer: { ContentType?: string; ETag?: string; LastModified?: Date }, size: number): ObjectInfo => ({
    size,
    contentType: answer.ContentType ?? 'application/octet-stream',
    etag: answer.ETag ?? `"${size.toString(16)}"`,
    lastModified: answer.LastModified ?? new Date(0),
  });

  return {
    location: `s3://${Bucket}/${opts.prefix}`,
    async put(key, data, contentType) {
      const command = new PutObjectCommand({
        Bucket,
        Key: objectKey(key),
        Body: data,
        ContentType: contentType,
        ContentLength: data.length,
        ContentMD5: createHash('md5').update(data).digest('base64'),
      });
      await send(command).catch(failure);
    },
    async get(key, range?: ByteRange): Promise<ObjectRead | null> {
      try {
        const answer = await send(
          new GetObjectCommand({
            Bucket,
            Key: objectKey(key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        const body = Buffer.from((await answer.Body?.transformToByteArray()) ?? []);
        const total = /\/(\d+)$/.exec(answer.ContentRange ?? '')?.[1];
        return { ...infoOf(answer, total ? Number(total) : body.length), body };
      } catch (error) {
        if (notFound(error)) return null;
        return failure(error);
      }
    },
    async head(key) {
      try {
        const answer = await send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return infoOf(answer, answer.ContentLength ?? 0);
      } catch (error) {
        if (notFound(error)) return null;
        return failure(error);
      }
    },
    async delete(key) {
      await send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) })).catch((error: unknown) => {
        if (!notFound(error)) failure(error);
      });
    },
    async *list(prefix): AsyncGenerator<ListedObject> {
      let token: string | undefined;
      do {
        const page = await send(
          new ListObjectsV2Command({ Bucket, Prefix: objectKey(prefix), ContinuationToken: token }),
        ).catch(failure);
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          yield {
            key: object.Key.slice(opts.prefix.length),
            size: object.Size ?? 0,
            lastModified: object.LastModified ?? new Date(0),
          };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async close() {
      client.destroy();
    },
  };
}
