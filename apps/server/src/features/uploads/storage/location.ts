/** `s3://bucket/prefix` → the bucket and the prefix (with its trailing slash), or null for another shape. */
export function parseS3Url(value: string): { bucket: string; prefix: string } | null {
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(value);
  const [, bucket, path = ''] = match ?? [];
  if (!bucket) return null;
  const prefix = path.replace(/^\/+|\/+$/g, '');
  if (prefix && !/^[A-Za-z0-9._/-]+$/.test(prefix)) return null;
  return { bucket, prefix: prefix ? `${prefix}/` : '' };
}

/** Where uploads are kept, as config.ts reads `UPLOADS_URL`: an S3-compatible bucket or a folder. */
export type UploadsLocation =
  { kind: 's3'; url: string; bucket: string; prefix: string } | { kind: 'folder'; url: string; root: string };
