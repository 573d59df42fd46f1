import { randomBytes } from 'node:crypto';

export interface MultipartFile {
  field: string;
  filename: string;
  type: string;
  data: Buffer;
}

/**
 * A multipart/form-data body for `app.inject`, as browsers send a FormData object: text fields first, then files,
 * in the order given. Fields given as pairs may repeat a name.
 */
export function multipartBody(parts: {
  fields?: Record<string, string> | [string, string][];
  files?: MultipartFile[];
}) {
  const boundary = `papo-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  const fields = Array.isArray(parts.fields) ? parts.fields : Object.entries(parts.fields ?? {});
  for (const [name, value] of fields) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of parts.files ?? []) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
