import { sql } from 'kysely';
import type { FullTextIndex, TermQuery } from './engine.js';

/*
 * PostgreSQL: a weighted `tsvector` column (title A, body B) with a GIN index, built with the
 * `papo_search` configuration (simple + unaccent, created by the migration). Terms are letters and
 * digits only and each is quoted, so `to_tsquery` never sees an operator from the user.
 */

function tsQuery({ terms }: TermQuery, inTitle: boolean): string {
  // `*` makes the last term a prefix; `A` keeps lexemes of weight A, the title.
  const label = (i: number) => `${i === terms.length - 1 ? '*' : ''}${inTitle ? 'A' : ''}`;
  return terms.map((term, i) => (label(i) ? `'${term}':${label(i)}` : `'${term}'`)).join(' & ');
}

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
    // NOTE: ids are chosen first and the wide columns read only for those, so a word found in thousands of
    // documents never makes PostgreSQL sort (and detoast) thousands of bodies.
    const { rows } = await sql<{ kind: string; ref_id: number; slug: string; title: string; cover: string | null; body: string }>`
      select d.kind, d.ref_id, d.slug, d.title, d.cover, d.body
      from search_documents d
      join (
        select id from search_documents
        where tsv @@ to_tsquery('papo_search', ${tsQuery(query, inTitle)}) and kind in (${sql.join(query.kinds)})
        order by id desc
        limit ${limit}
      ) m on m.id = d.id
      order by d.id desc`.execute(db);
    return rows.map((r) => ({ kind: r.kind, refId: r.ref_id, slug: r.slug, title: r.title, cover: r.cover, body: r.body }));
  },
};
