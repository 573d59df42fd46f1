import { coverDescription, uploadFields, uploadLimits } from '@papo/contract/editor';
import { articleIdParams } from '@papo/contract/editor-articles';
import type { FastifyRequest } from 'fastify';
import { parseBody, parseParamsOr } from '../../lib/http-error.js';
import { receiveOneFile } from '../../lib/multipart.js';

/** What `POST /api/uploadArticleCover` sends: the article, the cover's description, and a new picture when one was chosen. */
interface CoverUpload {
  id: number;
  description: string;
  bytes?: Buffer;
}

/**
 * Reads the cover upload's form data and checks its fields (the article id as a path's, 400 `invalid_id`; the
 * description's length), storing nothing: the route's multipart body is read here, where `serve` cannot parse it.
 */
export async function readCoverUpload(request: FastifyRequest): Promise<CoverUpload> {
  const { fields, bytes } = await receiveOneFile(request, { field: uploadFields.cover, maxBytes: uploadLimits.bytes });
  const { id } = parseParamsOr(articleIdParams, { id: fields[uploadFields.articleId] }, 400, 'invalid_id');
  const description = parseBody(coverDescription, fields[uploadFields.description] ?? '');
  return { id, description, bytes };
}
