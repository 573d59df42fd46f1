import { sql } from 'kysely';
import type { FullTextIndex, TermQuery } from './engine.js';

/*
 * PostgreSQL: a weighted `tsvector` column (title A, body B) with a GIN index, built with the
 * `papo_search` configuration (simple + unaccent, created by the migration). Terms are letters and
 * digits only and each is quoted, so `to_tsquery` never sees an operator from the user.
 */

function tsQuery({ terms }: TermQuery): string {
  return terms.map((term, i) => `'${term}'${i === terms.length - 1 ? ':*' : ''}`).join(' & ');
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

  async query(db, query, limit) {
    // NOTE: weights {D, C, B, A}: a body hit counts a twentieth of a title hit, so title matches rank first.
    const { rows } = await sql<{ kind: string; ref_id: number; slug: string; title: string; cover: string | null; body: string }>`
      select d.kind, d.ref_id, d.slug, d.title, d.cover, d.body
      from search_documents d, to_tsquery('papo_search', ${tsQuery(query)}) q
      where d.tsv @@ q and d.kind in (${sql.join(query.kinds)})
      order by ts_rank('{0.05, 0.05, 0.05, 1.0}', d.tsv, q) desc, d.id
      limit ${limit}`.execute(db);
    return rows.map((r) => ({ kind: r.kind, refId: r.ref_id, slug: r.slug, title: r.title, cover: r.cover, body: r.body }));
  },

  async count(db, query) {
    const { rows } = await sql<{ n: number }>`
      select count(*) as n
      from search_documents d
      where d.tsv @@ to_tsquery('papo_search', ${tsQuery(query)}) and d.kind in (${sql.join(query.kinds)})`.execute(db);
    return Number(rows[0]?.n ?? 0);
  },
};
