import {
  bioWindowSize,
  bioYears,
  publicBioRoutes as routes,
  staffBioRoutes as staff,
  type BioSearchResponse,
  type BioSection,
} from '@papo/contract/bio';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/api-route.js';
import { httpError } from '../../lib/http-error.js';
import { ifMatchOf, recordRevisionList, recordStamp, recordStamps, revisionEtag } from '../revisions/index.js';
import { fullTextIndex, rankedMatches, tokenize } from '../search/index.js';
import { bioCoverRoute, removeBioPhoto } from './cover-route.js';
import { toSearchHit } from './highlight.js';
import { findById, findByIds, findByTags, findYears, listKind, tagKey } from './repo.js';
import { bioRevision, bioSearchKind, createBio, deleteBio, restoreBio, updateBio } from './service.js';

const searchLimit = 30;

/** The answer to a search without a word to look for. */
const noHits: BioSearchResponse = { sections: [] };

/** A card and the entries its tags name (the learn-more card's 'Veja Também'), without repeating it. */
async function withRelated(db: Parameters<typeof findByTags>[0], card: BioSection): Promise<BioSection[]> {
  const related = await findByTags(db, card.tags);
  return [card, ...related.filter((section) => section.id !== card.id)];
}

/**
 * The biography (public-site §7; decision 017). Public: the year window, the search with highlights, a
 * tag's card and a person's card. Staff only, whatever the client shows: the list per kind, create,
 * update, delete, the cover info and the cover upload.
 */
export const bioRoutes: FastifyPluginAsync = async (app) => {
  const deps = { db: app.db, dialect: app.dialect };

  serve(app, routes.page, async ({ query }) => {
    let center = query.center ?? bioYears.first;
    if (query.tag !== undefined) {
      const key = tagKey(query.tag);
      const holder = (await listKind(app.db, 'year')).find(
        (year) => tagKey(year.tag) === key || year.tags.some((tag) => tagKey(tag) === key),
      );
      if (!holder) throw httpError(404, 'bio_tag_not_found');
      center = Number(holder.tag);
    }
    const last = Math.min(center + bioWindowSize - 1, bioYears.last);
    const [sections, people] = await Promise.all([findYears(app.db, center, last), listKind(app.db, 'event')]);
    return {
      center,
      sections,
      people: people.map((person) => ({ id: person.id, tag: person.tag, summary: person.paragraphs[0] ?? '' })),
    };
  });

  serve(app, routes.search, async ({ query: { q } }) => {
    const terms = tokenize(q).map((token) => token.term);
    if (!terms.length) return noHits;
    const hits = await rankedMatches(
      fullTextIndex(app.dialect),
      app.db,
      { terms, kinds: [bioSearchKind.year, bioSearchKind.event] },
      searchLimit,
    );
    const sections = await findByIds(
      app.db,
      hits.map((hit) => hit.refId),
    );
    return {
      sections: hits.flatMap((hit) => sections.get(hit.refId) ?? []).map((section) => toSearchHit(section, terms)),
    };
  });

  serve(app, routes.tag, async ({ query: { name } }) => {
    const [card] = await findByTags(app.db, [name]);
    return { sections: card ? await withRelated(app.db, card) : [] };
  });

  serve(app, routes.person, async ({ params: { id } }) => {
    const card = await findById(app.db, id);
    if (!card) throw httpError(404, 'bio_not_found');
    return { sections: await withRelated(app.db, card) };
  });

  // The editor's list carries each entry's version: its saves send it back as `If-Match` (decision 028).
  serve(app, staff.list, async ({ query: { filter }, reply }) => {
    const entries = await listKind(app.db, filter === 'events' ? 'event' : 'year');
    const stamps = await recordStamps(
      app.db,
      'bio',
      entries.map((entry) => entry.id),
    );
    void reply.header('cache-control', 'no-store');
    return entries.map((entry) => ({
      ...entry,
      ...(stamps.get(entry.id) ?? { revision: 0, revisionAuthor: null, revisionAt: null }),
    }));
  });

  serve(app, staff.entry, async ({ params: { id }, reply }) => {
    const entry = await findById(app.db, id);
    if (!entry) throw httpError(404, 'bio_not_found');
    const stamp = await recordStamp(app.db, 'bio', id);
    void reply.header('etag', revisionEtag(stamp.revision)).header('cache-control', 'no-store');
    return { ...entry, ...stamp };
  });

  // The entry's history (decision 028): every save with who and when, newest first.
  serve(app, staff.revisions, async ({ params: { id }, reply }) => {
    if (!(await findById(app.db, id))) throw httpError(404, 'bio_not_found');
    void reply.header('cache-control', 'no-store');
    return recordRevisionList(app.db, 'bio', id, 'tag');
  });

  serve(app, staff.revision, async ({ params: { id, revision }, reply }) => {
    if (!(await findById(app.db, id))) throw httpError(404, 'bio_not_found');
    void reply.header('cache-control', 'no-store');
    return bioRevision(app.db, id, revision);
  });

  // A restore is a save (If-Match, 412 when stale) of the old fields as the newest revision; answers the entry.
  serve(app, staff.restore, async ({ params: { id, revision }, user, request, reply }) => {
    if (!(await findById(app.db, id))) throw httpError(404, 'bio_not_found');
    const photoExists = async (key: string) => (await app.uploads.head(key)) !== null;
    const saved = await restoreBio(deps, id, revision, photoExists, {
      authorId: user.userId,
      ifMatch: ifMatchOf(request),
    });
    const entry = await findById(app.db, id);
    if (!entry) throw httpError(404, 'bio_not_found');
    void reply.header('etag', revisionEtag(saved)).header('cache-control', 'no-store');
    return { ...entry, ...(await recordStamp(app.db, 'bio', id)) };
  });

  serve(app, staff.create, async ({ body, user, reply }) => {
    const saved = await createBio(deps, body, { authorId: user.userId });
    void reply.header('etag', revisionEtag(saved.revision));
    return saved;
  });

  // `If-Match` makes the save conflict-safe (412 `edit_conflict`); a client that sends none (written from the specification) saves unconditionally.
  serve(app, staff.update, async ({ params: { id }, body, user, request, reply }) => {
    const revision = await updateBio(deps, id, body, { authorId: user.userId, ifMatch: ifMatchOf(request) });
    void reply.header('etag', revisionEtag(revision));
    return { id, revision };
  });

  serve(app, staff.remove, async ({ params: { id }, request, reply }) => {
    await removeBioPhoto(app.uploads, await deleteBio(deps, id, ifMatchOf(request)), request.log);
    return reply.status(204).send();
  });

  await app.register(bioCoverRoute);
};
