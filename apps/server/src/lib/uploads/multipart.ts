import type { FastifyRequest } from 'fastify';
import { httpError, type HttpError } from '../http-error.js';
import { readMultipart } from '../multipart.js';

/**
 * Reads a multipart body holding at most one file in `field` and stores nothing: the text fields and the file's
 * bytes. A file over `maxBytes` is a 413 `image_too_large` under `field`, thrown once the whole body is read. The route
 * then checks the fields and the record before anything is stored (`putImageOnRecord`).
 */
export async function receiveOneFile(
  request: FastifyRequest,
  opts: { field: string; maxBytes: number },
): Promise<{ fields: Record<string, string>; bytes?: Buffer }> {
  let bytes: Buffer | undefined;
  let refused: HttpError | undefined;
  const fields = await readMultipart(request, {
    fileField: opts.field,
    maxBytes: opts.maxBytes,
    maxFiles: 1,
    async onFile(file) {
      if ('refused' in file)
        refused = httpError(file.refused === 'image_too_large' ? 413 : 400, file.refused, {
          [opts.field]: [file.refused],
        });
      else bytes = file.bytes;
    },
  });
  if (refused) throw refused;
  return { fields, bytes };
}
