import multipart, { type FastifyMultipartOptions } from '@fastify/multipart';
import type { MessageKey } from '@papo/contract/message-keys';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { errorCode } from '../db/error-code.js';
import { HttpError, httpError } from './http-error.js';

/*
 * The one multipart reader: the plugin registered once for the app (`registerMultipart`), a body read part by part
 * (`readMultipart`) and its one-file form (`receiveOneFile`).
 */

const limitCodes = new Set(['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

/**
 * Why reading a multipart body failed, as the client should hear it. Every route that reads form data wraps its
 * reading in this, so a body cut short or without a boundary is a 400, never a 500. `fileField` names the file
 * field that gets the per-field `file_too_large` key.
 */
function multipartError(error: unknown, fileField?: string): HttpError {
  if (error instanceof HttpError) return error;
  const code = errorCode(error);
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return httpError(413, 'file_too_large', fileField ? { [fileField]: ['file_too_large'] } : undefined);
  }
  if (typeof code === 'string' && limitCodes.has(code)) return httpError(413, 'payload_too_large');
  // everything else here is a body the client sent wrong (no boundary, cut short, bad part headers).
  return httpError(400, 'invalid_multipart');
}

/** How many files past a batch's limit are still read and refused one by one (a sender's whole folder, say). */
const maxExtraFiles = 200;

/** One file of a multipart body: its bytes, or why it was not read (too large), by its name on the sender's disk. */
type ReceivedFile = { filename: string; bytes: Buffer } | { filename: string; refused: MessageKey };

/** What `readMultipart` reads and who is handed what. */
interface MultipartReading {
  /** The file field read; files of other fields are skipped (without it, every file part counts). */
  fileField?: string;
  maxBytes: number;
  maxFiles: number;
  onFile: (file: ReceivedFile) => Promise<void>;
  /** How many text fields the body may hold (20 unless said), and how long each may be (the parser's 1 MB unless said). */
  maxFields?: number;
  fieldSize?: number;
  /** Each text field as it comes, repeated ones included (the answer keeps the last of each name). */
  onField?: (name: string, value: string) => void;
}

/**
 * The one multipart reader (uploads, covers, the profile picture, the contact form): reads a body part by part,
 * handing each file of `fileField` to `onFile` as it arrives (so a batch never sits in memory whole) and answering
 * the text fields. A file over `maxBytes` is handed over as refused (`image_too_large`) and the parts after it are
 * still read; files past `maxFiles` are refused one by one as `too_many_files`, and a body of more than
 * `maxFiles + maxExtraFiles` files is a 413 `too_many_files`. What the parser throws is the client's 4xx
 * (`multipartError`); what `onFile` throws is passed on as it is.
 */
export async function readMultipart(request: FastifyRequest, opts: MultipartReading): Promise<Record<string, string>> {
  if (!request.isMultipart()) throw httpError(400, 'invalid_multipart');
  const fields: Record<string, string> = {};
  let files = 0;
  const fieldCount = opts.maxFields ?? 20;
  try {
    // files past `maxFiles` are each reported by name (`too_many_files`), up to `maxExtraFiles` of them;
    // a body with more still is refused whole with 413 `too_many_files`.
    // with throwFileSizeLimit off a file over the limit is cut short and marked, instead of ending the whole body.
    // The option is read per call (@fastify/multipart index.js) though its types list it only for the plugin.
    const partOptions = {
      throwFileSizeLimit: false,
      limits: {
        fileSize: opts.maxBytes,
        files: opts.maxFiles + maxExtraFiles,
        fields: fieldCount,
        parts: opts.maxFiles + maxExtraFiles + fieldCount,
        ...(opts.fieldSize === undefined ? {} : { fieldSize: opts.fieldSize }),
      },
    };
    for await (const part of request.parts(partOptions)) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') {
          fields[part.fieldname] = part.value;
          opts.onField?.(part.fieldname, part.value);
        }
        continue;
      }
      if (opts.fileField !== undefined && part.fieldname !== opts.fileField) {
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
      await handled(
        opts.onFile(
          part.file.truncated
            ? { filename: part.filename, refused: 'image_too_large' }
            : { filename: part.filename, bytes },
        ),
      );
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

/** A request whose body may be multipart (what the plugin's content-type parser would take). */
const multipartType = /multipart/i;

/**
 * Only a multipart body can leave saved files behind, so the plugin's cleanup runs for those requests only: on
 * request, by the Content-Type the body parser will read; on response, by what the parser marked. Every other request
 * passes both hooks synchronously instead of through two promises and a `close` listener each.
 */
function onlyForMultipart(
  name: string,
  hook: (self: FastifyInstance, request: FastifyRequest, reply: FastifyReply) => unknown,
) {
  const applies =
    name === 'onRequest'
      ? (request: FastifyRequest) => multipartType.test(request.headers['content-type'] ?? '')
      : (request: FastifyRequest) => request.isMultipart();
  return function (
    this: FastifyInstance,
    request: FastifyRequest,
    reply: FastifyReply,
    done: HookHandlerDoneFunction,
  ): void {
    if (!applies(request)) return done();
    Promise.resolve(hook(this, request, reply)).then(() => done(), done);
  };
}

/**
 * `@fastify/multipart` for the whole app, registered once (decision 020): its two
 * hooks on every request (an async `onRequest` that adds a `close` listener, an async `onResponse` that cleans saved
 * files) are kept, but pass at once when the request has no multipart body. Everything else of the plugin (parser,
 * request decorators, limits) is registered as it is.
 */
export async function registerMultipart(app: FastifyInstance, options: FastifyMultipartOptions): Promise<void> {
  // through Reflect, as the plugin calls it: addHook's typed overloads cannot be replaced by one wrapper.
  const addHook: unknown = Reflect.get(app, 'addHook');
  if (typeof addHook !== 'function') throw new Error('registerMultipart needs a Fastify instance');
  Reflect.set(app, 'addHook', function (this: FastifyInstance, name: unknown, hook: unknown) {
    const wrapped =
      (name === 'onRequest' || name === 'onResponse') && typeof hook === 'function'
        ? onlyForMultipart(name, (self, request, reply) => Reflect.apply(hook, self, [request, reply]))
        : hook;
    return Reflect.apply(addHook, this, [name, wrapped]);
  });
  try {
    await app.register(multipart, options);
  } finally {
    Reflect.set(app, 'addHook', addHook);
  }
}

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
