import { sql } from 'kysely';
import type { FullTextIndex, TermQuery } from './index-types.js';

/*
 * PostgreSQL: a weighted `tsvector` column (title A, body B) with a GIN index, built with the
 * `papo_search` configuration (simple + unaccent, created by the migration), and the title's part of it in a vector
 * of its own (`title_tsv`, kept by PostgreSQL, migration 2026_12_01_410) with its own GIN index. Terms are letters
 * and digits only and each is quoted, so `to_tsquery` never sees an operator from the user.
 */

function tsQuery({ terms }: TermQuery): string {
  // `*` makes the last term a prefix.
  return terms.map((term, i) => `'${term}'${i === terms.length - 1 ? ':*' : ''}`).join(' & ');
}

/**
 * How the matches are picked. A walk of the documents newest first tests each one it passes until it has `limit`
 * matches: about `limit × documents / matches` of them, unbounded when the matches are few (PostgreSQL's own estimate
 * of a rare word is a constant, so it walked the whole table for a word in no document). Through the GIN index every
 * match is visited once: unbounded when the matches are many. The vocabulary's counts bound the matches from both
 * sides (at least what the words' documents must share, at most the rarest word's); when they do not settle it, a
 * walk of at most `√(limit × documents)` documents is tried, and the index answers only when it found too few — then
 * the matches are rare, so the index visits few.
 */
type Plan = 'walk' | 'index' | 'walk-then-index';

function planOf({ counts }: TermQuery, inTitle: boolean, limit: number): { plan: Plan; budget: number } {
  const documents = counts?.documents ?? 0;
  const budget = Math.max(minWalk, Math.ceil(Math.sqrt(limit * documents)));
  if (!counts) return { plan: 'walk-then-index', budget };
  const most = Math.min(...counts.perTerm.map((n) => n.atMost));
  // the words' documents overlap at least this much (a title holds fewer: no floor is known for it).
  const least = inTitle
    ? 0
    : counts.perTerm.reduce((sum, n) => sum + n.atLeast, 0) - (counts.perTerm.length - 1) * documents;
  if (least > 0 && least * most > limit * documents) return { plan: 'walk', budget };
  return { plan: most <= budget ? 'index' : 'walk-then-index', budget };
}

/** The shortest walk tried before the index: a page of results among the newest documents is the common case. */
const minWalk = 200;

export const postgresIndex: FullTextIndex = {
  async write(trx, id, title, body) {
    await sql`
      update search_documents
      set tsv = setweight(to_tsvector('papo_search', ${title}), 'A') || setweight(to_tsvector('papo_search', ${body}), 'B')
      where id = ${id}`.execute(trx);
  },

  async drop() {
    // The vector is a column of the document row, which the caller deletes.
  },

  async matches(db, query, { inTitle, limit }) {
    const vector = inTitle ? sql.ref('title_tsv') : sql.ref('tsv');
    const tsquery = sql`to_tsquery('papo_search', ${tsQuery(query)})`;
    const kinds = sql.join(query.kinds);
    const { plan, budget } = planOf(query, inTitle, limit);
    let picked = sql`select id from search_documents where ${vector} @@ ${tsquery} and kind in (${kinds}) order by id desc limit ${limit}`;
    if (plan !== 'walk') {
      // a materialised `with` is computed whole, so PostgreSQL cannot turn it back into a walk of the key.
      picked = sql`with m as materialized (select id from search_documents where ${vector} @@ ${tsquery} and kind in (${kinds})) select id from m order by id desc limit ${limit}`;
      if (plan === 'walk-then-index') {
        // The newest `budget` documents alone: when they hold a page of matches, it is the page (newest first).
        const { rows } = await sql<{ id: number }>`
          select id from (select id, ${vector} as v from search_documents where kind in (${kinds}) order by id desc limit ${budget}) w
          where w.v @@ ${tsquery} order by id desc limit ${limit}`.execute(db);
        if (rows.length >= limit)
          picked = sql`select id from search_documents where id in (${sql.join(rows.map((row) => row.id))})`;
      }
    }
    // ids are chosen first and the wide columns read only for those, so a word found in thousands of
    // documents never makes PostgreSQL sort (and detoast) thousands of bodies.
    const { rows } = await sql<{
      kind: string;
      ref_id: number;
      slug: string;
      title: string;
      cover: string | null;
      body: string;
    }>`
      select d.kind, d.ref_id, d.slug, d.title, d.cover, d.body
      from search_documents d
      join (${picked}) p on p.id = d.id
      order by d.id desc`.execute(db);
    return rows.map((r) => ({
      kind: r.kind,
      refId: r.ref_id,
      slug: r.slug,
      title: r.title,
      cover: r.cover,
      body: r.body,
    }));
  },
};
