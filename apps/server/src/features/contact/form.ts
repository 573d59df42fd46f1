import type {} from '@fastify/multipart';
import { contactLimits } from '@papo/contract/contact';
import type { FastifyRequest } from 'fastify';
import { readingMultipart } from '../../lib/multipart.js';

/** Room for the longest message in 4-byte characters; a longer value is cut and then fails `too_long`. */
const fieldSize = contactLimits.message * 4 + 1024;

/**
 * The submitted fields whatever the encoding: JSON and url-encoded bodies as parsed, multipart/form-data (what a browser
 * sends for a FormData object) read here field by field; a repeated field becomes a list, which validation refuses.
 */
export async function readFormFields(request: FastifyRequest): Promise<unknown> {
  if (!request.isMultipart()) return request.body;
  return readingMultipart(async () => {
    const fields: Record<string, unknown> = {};
    // NOTE: `files: 0` makes the parser refuse any file part (413 payload_too_large) before it reaches this loop.
    for await (const part of request.parts({ limits: { files: 0, fields: 10, fieldSize } })) {
      if (part.type !== 'field') continue;
      const previous = fields[part.fieldname];
      fields[part.fieldname] =
        previous === undefined ? part.value : Array.isArray(previous) ? [...previous, part.value] : [previous, part.value];
    }
    return fields;
  });
}
