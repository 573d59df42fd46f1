import { contactLimits } from '@papo/contract/contact';
import type { FastifyRequest } from 'fastify';
import { httpError } from '../../lib/http-error.js';
import { readMultipart } from '../../lib/multipart.js';

/** Room for the longest message in 4-byte characters; a longer value is cut and then fails `too_long`. */
const fieldSize = contactLimits.message * 4 + 1024;

/**
 * The submitted fields whatever the encoding: JSON and url-encoded bodies as parsed, multipart/form-data (what a browser
 * sends for a FormData object) read here field by field; a repeated field becomes a list, which validation refuses.
 */
export async function readFormFields(request: FastifyRequest): Promise<unknown> {
  if (!request.isMultipart()) return request.body;
  const fields: Record<string, string | string[]> = {};
  await readMultipart(request, {
    maxBytes: 0,
    maxFiles: 0,
    maxFields: 10,
    fieldSize,
    // the form takes no file: any file part refuses the whole body.
    onFile: () => Promise.reject(httpError(413, 'payload_too_large')),
    onField(name, value) {
      const previous = fields[name];
      fields[name] =
        previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
    },
  });
  return fields;
}
