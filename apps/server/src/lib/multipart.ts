import { HttpError, httpError } from './http-error.js';
import { errorCode } from './error-code.js';

const limitCodes = new Set(['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

/**
 * Why reading a multipart body failed, as the client should hear it. Every route that reads form data wraps its
 * reading in this, so a body cut short or without a boundary is a 400, never a 500. `fileField` names the file
 * field that gets the per-field `file_too_large` key.
 */
export function multipartError(error: unknown, fileField?: string): HttpError {
  if (error instanceof HttpError) return error;
  const code = errorCode(error);
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return httpError(413, 'file_too_large', fileField ? { [fileField]: ['file_too_large'] } : undefined);
  }
  if (typeof code === 'string' && limitCodes.has(code)) return httpError(413, 'payload_too_large');
  // NOTE: everything else here is a body the client sent wrong (no boundary, cut short, bad part headers).
  return httpError(400, 'invalid_multipart');
}

/** Runs `read` and turns whatever the multipart parser throws into the client's 4xx. */
export async function readingMultipart<T>(read: () => Promise<T>, fileField?: string): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw multipartError(error, fileField);
  }
}
