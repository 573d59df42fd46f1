import type { MessageKey } from '@papo/contract/message-keys';
import type { FastifyRequest } from 'fastify';
import { httpError, type HttpError } from '../http-error.js';
import { multipartError } from '../multipart.js';
import { errorCode } from '../error-code.js';

/** How many files past a batch's limit are still read and refused one by one (a sender's whole folder, say). */
const maxExtraFiles = 200;

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
    if (errorCode(error) === 'FST_FILES_LIMIT') throw httpError(413, 'too_many_files');
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
