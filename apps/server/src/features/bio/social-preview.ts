import { bioIdParams } from '@papo/contract/bio';
import type { FastifyInstance } from 'fastify';
import type { PreviewSource } from '../../lib/social-preview.js';
import { uploadUrl } from '../uploads/index.js';
import { findById } from './repo.js';

const personPath = /^\/person\/([^/]+)\/?$/;

/**
 * Previews of `/person/{id}`, a biography entry's page (its card): an id that is no entry, or no id at all, is the
 * 404 page, as `GET /api/person/{id}` answers it.
 */
export function personPreviews(app: FastifyInstance): PreviewSource {
  return async (pathname) => {
    const match = personPath.exec(pathname);
    if (!match) return null;
    const id = bioIdParams.safeParse({ id: match[1] });
    const card = id.success ? await findById(app.db, id.data.id) : undefined;
    if (!card) return { found: false };
    return {
      found: true,
      preview: {
        title: card.tag,
        description: card.description || card.paragraphs[0] || card.tag,
        path: `/person/${card.id}`,
        image: card.photoPath ? uploadUrl(card.photoPath) : null,
        type: 'website',
      },
    };
  };
}
