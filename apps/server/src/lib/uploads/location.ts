/** `s3://bucket/prefix` → the bucket and the prefix (with its trailing slash), or null for another shape. */
export function parseS3Url(value: string): { bucket: string; prefix: string } | null {
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(value);
  if (!match) return null;
  const prefix = (match[2] ?? '').replace(/^\/+|\/+$/g, '');
  if (prefix && !/^[A-Za-z0-9._/-]+$/.test(prefix)) return null;
  return { bucket: match[1]!, prefix: prefix ? `${prefix}/` : '' };
}
