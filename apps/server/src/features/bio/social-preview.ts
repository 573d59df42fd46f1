import { bioIdParams } from '@papo/contract/bio';
import { z } from 'zod';
import { readPageAnswer, type PreviewSource } from '../../lib/social-preview.js';
import { uploadUrl } from '../uploads/index.js';

const personPath = /^\/person\/([^/]+)\/?$/;

/** What a preview reads of `GET /api/person/{id}`: its first section is the entry itself (contract's `BioSection`). */
const personAnswer = z.object({
  sections: z.array(
    z.object({
      id: z.number(),
      tag: z.string(),
      photoPath: z.string().nullable(),
      description: z.string(),
      paragraphs: z.array(z.string()),
    }),
  ),
});

/**
 * Previews of `/person/{id}`, a biography entry's page (its card): an id that is no entry, or no id at all, is the
 * 404 page, as `GET /api/person/{id}` answers it. Read from that answer, the one the page shows, so a page not kept
 * reads its entry once.
 */
export function personPreviews(): PreviewSource {
  return async (pathname, _route, api) => {
    const match = personPath.exec(pathname);
    if (!match) return null;
    const id = bioIdParams.safeParse({ id: match[1] });
    const answer = id.success
      ? personAnswer.safeParse(await readPageAnswer(api, `/api/person/${encodeURIComponent(match[1] ?? '')}`))
      : null;
    const card = answer?.success ? answer.data.sections[0] : undefined;
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
